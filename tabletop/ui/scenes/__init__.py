"""The app's screens: menu, new game, setup, table, results, load, rules, settings and overlays."""
