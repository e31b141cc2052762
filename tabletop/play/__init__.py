"""A game being played, without pygame: the session (seats, bots, handover, autosave), the background save
writer and the bot worker program. The UI and the headless tools sit above it."""
