"""`python -m bot`: run the Why First? Discord bot."""

import sys

from bot.app import main

sys.exit(main())
