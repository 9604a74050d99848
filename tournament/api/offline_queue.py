"""A tablet's offline queue in one request (README "When the network drops"):
``POST /api/v1/offline-queue`` takes one device's queued actions in the order
taken and runs each as the request it was (tournament.web.replay_batch)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated, Any, Literal

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from ninja import Router, Schema
from pydantic import ConfigDict, Field

from tournament.api.fields import Body
from tournament.errors import RuleBeyondSchema
from tournament.inputs import API_PREFIX
from tournament.models_once import KEY_MAX, KEY_MIN
from tournament.web.once import ON_ITS_OWN, once_not_kept
from tournament.web.replay_batch import Queued, queue_checked, replay_queue

router = Router(tags=["offline"])

QUEUE_MAX = 500
PATH = "/" + ON_ITS_OWN.removeprefix(API_PREFIX)

BODY_AND_FIELDS = _("Action %(n)s: send either body (JSON) or fields (a form), not both.")

Outcome = Literal["applied", "replayed", "refused", "busy", "not_sent"]


class QueuedActionIn(Body):
    method: Literal["POST", "PUT", "PATCH", "DELETE"] = Field(description="The action's method.")
    path: str = Field(
        min_length=2,
        max_length=2000,
        pattern=r"^/[^/\\]",
        description="The path the action goes to on this server (a page's form or the API), "
        "with its query if any.",
    )
    key: str = Field(
        min_length=KEY_MIN,
        max_length=KEY_MAX,
        description="The action's own Idempotency-Key, given when it was taken.",
    )
    device_time: str | None = Field(
        None,
        max_length=64,
        description="When it was taken, by the device's clock (its Device-Time, ISO 8601 "
        "with the offset).",
    )
    device: str = Field("", max_length=100, description="The device's name (its Device-Name).")
    body: Any = Field(None, description="A JSON body, as the action sends it.")
    fields: list[Annotated[list[str], Field(min_length=2, max_length=2)]] | None = Field(
        None, description="A form's fields as [name, value] pairs, in order (instead of body)."
    )
    accept: str = Field("", max_length=200, description="The action's Accept header.")


class OfflineQueueIn(Body):
    actions: list[QueuedActionIn] = Field(
        min_length=1,
        max_length=QUEUE_MAX,
        description="One device's queued actions, in the order they were taken.",
    )


class ActionOutcomeOut(Schema):
    model_config = ConfigDict(extra="allow")

    key: str = Field(description="The action's Idempotency-Key.")
    outcome: Outcome = Field(
        description="applied: done now; replayed: done before, its stored answer; refused: "
        "not done, kept in the floor's conflicts (do not send again); busy: not done now, "
        "send it again (after retry_after seconds if given); not_sent: after a busy one, "
        "send it again after that one."
    )
    status: int | None = Field(description="The action's own HTTP status (none when not sent).")
    answer: Any = Field(description="The action's own JSON answer (none for a page's answer).")
    detail: str | None = Field(description="Why it was refused or is busy, in the reader's words.")
    retry_after: int | None = Field(description="Seconds to wait before sending a busy one again.")


class OfflineQueueOut(Schema):
    model_config = ConfigDict(extra="allow")

    done: int = Field(description="How many actions the device may take off its queue.")
    results: list[ActionOutcomeOut] = Field(description="One per action, in the order sent.")


@router.post(
    PATH,
    response=OfflineQueueOut,
    description="A device's offline queue in one request: each action in the order taken, "
    "each its own write with its own Idempotency-Key, Device-Time and Device-Name, as if "
    "sent alone with Offline-Queue: 1 (a refused one is kept as a floor conflict and the "
    "rest go on). At the first busy action the queue stops: it and those after it are "
    "answered busy and not_sent. Nothing is done when an action's path is none of this "
    "server's (404) or the queue's own, or it sends both body and fields (422).",
)
def replay_offline_queue(request: HttpRequest, payload: OfflineQueueIn):
    queued = []
    for n, action in enumerate(payload.actions, start=1):
        if action.fields is not None and action.body is not None:
            raise RuleBeyondSchema("actions", BODY_AND_FIELDS % {"n": n}, rule="body_or_fields")
        fields = None if action.fields is None else [(f[0], f[1]) for f in action.fields]
        queued.append(Queued(**action.model_dump(exclude={"fields"}), fields=fields))
    queue_checked(queued, ON_ITS_OWN)
    outcomes = replay_queue(request, queued)
    if any(o.outcome == "busy" for o in outcomes):
        once_not_kept(request)
    return {
        "done": sum(o.outcome in ("applied", "replayed", "refused") for o in outcomes),
        "results": [asdict(o) for o in outcomes],
    }
