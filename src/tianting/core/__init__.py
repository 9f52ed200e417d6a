"""Rule-set independent pieces of the engine: names, randomness, state, errors."""
