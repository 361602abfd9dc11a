"""Learning the game by playing (issue 65): /whyfirst learn's practice game in the learner's
DMs, the notes that teach each rule the moment it first matters, and first-game tips in a
newcomer's hand (/whyfirst tips on|off)."""
