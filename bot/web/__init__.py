"""The web pages (WHYFIRST_WEB_PORT): a replay of every finished game at /g/<token>, and a
server's standings at /s/<token> while its admins have them on (/whyfirst web on|off)."""
