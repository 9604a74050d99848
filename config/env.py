"""Strict parsing of the environment variables listed in the README.

A value we cannot read is a configuration error at start-up, not a silent
default: ``DEBUG=yes`` fails instead of meaning true.
"""

from __future__ import annotations

import ipaddress
import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "on"}
_FALSE = {"0", "false", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be one of true/false/1/0/on/off, not {raw!r}")


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [part.strip() for part in raw.split(",") if part.strip()]


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}") from exc


def env_networks(name: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """Comma-separated addresses or networks (``10.0.0.2,192.168.1.0/24``); anything else fails."""
    networks = []
    for part in env_list(name, []):
        try:
            networks.append(ipaddress.ip_network(part, strict=True))
        except ValueError as exc:
            raise ImproperlyConfigured(
                f"{name} must list IP addresses or networks (like 10.0.0.0/8), not {part!r}"
            ) from exc
    return networks
