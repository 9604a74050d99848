"""The outside formats' own rules, plain Python (README "Results out: formats")."""
