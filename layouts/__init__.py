"""Screen layouts from tiles and the room's look (README "Screen layouts and the room's look")."""
