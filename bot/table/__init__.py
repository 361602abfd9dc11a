"""The table: Why First? as a Discord Activity, a page Discord opens beside the conversation
(PUBLIC_URL/activity/, served with the web pages when DISCORD_CLIENT_ID and
DISCORD_CLIENT_SECRET are set). This slice signs the player in and says who and where."""
