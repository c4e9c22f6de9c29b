"""A local Discord API emulator for end-to-end tests of the bot.

``Emulator`` (control.py) owns the state model (state.py), the REST routes
(rest.py) and the gateway (gateway.py) served by one aiohttp app
(server.py); ``run_client`` (client.py) connects a real discord.py client.
"""

from .client import patch_discord, run_client
from .control import Emulator, Expectation, Failure, InteractionHandle
from .server import Fault
from .state import Attachment, Channel, Guild, Member, Message, Role, User

__all__ = [
    "Attachment",
    "Channel",
    "Emulator",
    "Expectation",
    "Failure",
    "Fault",
    "Guild",
    "InteractionHandle",
    "Member",
    "Message",
    "Role",
    "User",
    "patch_discord",
    "run_client",
]
