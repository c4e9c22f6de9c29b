"""Discord extensions of the bot: one module or package per feature, each with ``setup``."""
