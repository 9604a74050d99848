"""Plain rules of the layouts: the tile catalogue, the grid and the presets (no Django)."""
