"""What players see after a committed transition: reveals in the channel, hands by DM, the
"Waiting for" line, all paced under Discord's global limit."""
