"""The table: Why First? as a Discord Activity, a page Discord opens beside the conversation
(PUBLIC_URL/activity/, served with the web pages when DISCORD_CLIENT_ID and
DISCORD_CLIENT_SECRET are set). It signs the player in, shows the channel's game live, and
lets a seated player play their own hand from it through the game service."""
