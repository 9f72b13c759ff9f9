"""Python SDK of svc, the self-hostable browser-automation platform (standard library only)."""

from .client import DEFAULT_API_URL, SvcClient
from .errors import ActionFailed, SvcError
from .session import Session

__all__ = ["DEFAULT_API_URL", "ActionFailed", "Session", "SvcClient", "SvcError"]
__version__ = "0.1.0"
