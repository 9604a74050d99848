"""Named screens run from the desk (README "Named screens"): a TV opens
``/s/<code>`` once and shows what the director sets, and speaks the events
the screen is set to speak."""
