"""The House Cup table: timetable, seats, piles, drag-and-drop and the IMMEDIATELY panels."""
