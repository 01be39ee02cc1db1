"""Pure-Python game mechanics, one module per system. No Django imports: dice are passed in."""
