"""Before a cloud endpoint first receives a learner's code, the learner says yes, once per endpoint.

A cloud endpoint is one whose host is not loopback nor in a private (or link-local) address range:
a classroom server on the lab's network and a model on this machine need no notice. A host name is
resolved; one that does not resolve counts as cloud (better to ask than to send). The answer "yes"
is kept in the settings (``llm_cloud_consent``), so the learner is asked once.
"""

from __future__ import annotations

import ipaddress
import logging
import socket
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from ..storage.settings import LoadedSettings

log = logging.getLogger(__name__)
Resolve = Callable[[str], Sequence[str]]
AskConsent = Callable[[str], bool]


def resolve(host: str) -> list[str]:
    """The addresses of ``host`` (empty when it does not resolve)."""
    try:
        return [str(info[4][0]) for info in socket.getaddrinfo(host, None)]
    except (OSError, UnicodeError):
        return []


def endpoint_of(base_url: str) -> str:
    """How an endpoint is named in the settings: scheme, host and port (``https://api.openai.com``)."""
    parts = urlsplit(base_url.strip())
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


def host_of(base_url: str) -> str:
    return urlsplit(base_url.strip()).hostname or ""


def is_cloud(base_url: str, resolver: Resolve = resolve) -> bool:
    """Whether ``base_url``'s host is outside this machine and its private networks."""
    host = host_of(base_url)
    if not host or host == "localhost" or host.endswith(".localhost"):
        return False
    try:
        found = [host]
        ipaddress.ip_address(host)
    except ValueError:
        found = list(resolver(host))
    if not found:
        return True
    for text in found:
        try:
            address = ipaddress.ip_address(text.split("%", 1)[0])  # an IPv6 zone ("fe80::1%eth0")
        except ValueError:
            return True
        if not (address.is_loopback or address.is_private or address.is_link_local):
            return True
    return False


class CloudConsent:
    """Asks, where it must, whether a learner's code may go to an endpoint; remembers the answer
    (a yes in the settings, a no for this tutor only)."""

    def __init__(self, loaded: LoadedSettings, ask: AskConsent | None, resolver: Resolve = resolve) -> None:
        self._loaded = loaded
        self._ask = ask
        self._resolver = resolver
        self._refused: set[str] = set()
        self._cloud: dict[str, bool] = {}

    def cloud(self, base_url: str) -> bool:
        """Whether ``base_url`` is a cloud endpoint (resolved once)."""
        endpoint = endpoint_of(base_url)
        if endpoint not in self._cloud:
            self._cloud[endpoint] = is_cloud(base_url, self._resolver)
        return self._cloud[endpoint]

    def allows(self, base_url: str) -> bool:
        """Whether requests may go to ``base_url``: local, agreed earlier, or agreed now."""
        endpoint = endpoint_of(base_url)
        settings = self._loaded.settings
        if endpoint in settings.llm_cloud_consent:
            return True
        if endpoint in self._refused:
            return False
        if not self.cloud(base_url):
            return True
        if self._ask is None or not self._ask(host_of(base_url)):
            self._refused.add(endpoint)
            return False
        settings.llm_cloud_consent = [*settings.llm_cloud_consent, endpoint]
        try:
            self._loaded.save()
        except OSError as exc:  # the yes holds for this session; the next one asks again
            log.warning("the cloud consent for %s was not saved: %s", endpoint, exc)
        return True

    @staticmethod
    def refused_message(base_url: str) -> str:
        return (
            f"Nothing was sent: {host_of(base_url)} is a cloud service, and sending your code there was not "
            "agreed to. Use the offline coach, or a model on this machine or your lab's network."
        )
