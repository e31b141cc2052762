"""Things drawn on the table: the backdrop, cards, tokens, piles."""
