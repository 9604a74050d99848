"""The pure rules of named screens: no Django (README "Named screens")."""
