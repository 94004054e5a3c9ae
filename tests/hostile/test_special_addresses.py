"""Every block of IANA's special-purpose address registries, IPv4 and IPv6, against the
webhook destinations' vetting (`transport.is_public_address`).

The table is the registries' (iana-ipv4-special-registry, iana-ipv6-special-registry, as of
2025, with the RFC that made each block) and their "Globally Reachable" column, written out
by hand here, not taken from the code. A block that is not globally reachable (False or
N/A) must be refused at its first address, its last and one in the middle. The few blocks
the registry calls globally reachable are anycast services or infrastructure (PCP and TURN
anycast, AMT, AS112, ORCHIDv2, drone identifiers) where no webhook receiver lives: inside
the IETF protocol blocks (192.0.0.0/24, 2001::/23) they are refused with their parent on
purpose; the AS112 and AMT blocks outside them are ordinary public addresses and pass.
Multicast and the deprecated IPv6 forms (IPv4-compatible `::/96`, site-local) are not in
the registries and are refused too.
"""

import ipaddress

import pytest

from tournament.core import transport

REFUSED, PASSES = False, True

# (block, what the registry calls it, RFC, vetting's answer)
IPV4 = [
    ("0.0.0.0/8", "this network", "RFC 791", REFUSED),
    ("0.0.0.0/32", "this host on this network", "RFC 1122", REFUSED),
    ("10.0.0.0/8", "private-use", "RFC 1918", REFUSED),
    ("100.64.0.0/10", "shared address space", "RFC 6598", REFUSED),
    ("127.0.0.0/8", "loopback", "RFC 1122", REFUSED),
    ("169.254.0.0/16", "link local", "RFC 3927", REFUSED),
    ("172.16.0.0/12", "private-use", "RFC 1918", REFUSED),
    ("192.0.0.0/24", "IETF protocol assignments", "RFC 6890", REFUSED),
    ("192.0.0.0/29", "IPv4 service continuity prefix", "RFC 7335", REFUSED),
    ("192.0.0.8/32", "IPv4 dummy address", "RFC 7600", REFUSED),
    ("192.0.0.9/32", "port control protocol anycast", "RFC 7723", REFUSED),  # reachable
    ("192.0.0.10/32", "TURN anycast", "RFC 8155", REFUSED),  # reachable
    ("192.0.0.170/32", "NAT64/DNS64 discovery", "RFC 8880", REFUSED),
    ("192.0.0.171/32", "NAT64/DNS64 discovery", "RFC 8880", REFUSED),
    ("192.0.2.0/24", "documentation (TEST-NET-1)", "RFC 5737", REFUSED),
    ("192.31.196.0/24", "AS112-v4", "RFC 7535", PASSES),
    ("192.52.193.0/24", "AMT", "RFC 7450", PASSES),
    ("192.88.99.0/24", "deprecated 6to4 relay anycast", "RFC 7526", REFUSED),
    ("192.88.99.2/32", "6a44-relay anycast address", "RFC 6751", REFUSED),
    ("192.168.0.0/16", "private-use", "RFC 1918", REFUSED),
    ("192.175.48.0/24", "direct delegation AS112 service", "RFC 7534", PASSES),
    ("198.18.0.0/15", "benchmarking", "RFC 2544", REFUSED),
    ("198.51.100.0/24", "documentation (TEST-NET-2)", "RFC 5737", REFUSED),
    ("203.0.113.0/24", "documentation (TEST-NET-3)", "RFC 5737", REFUSED),
    ("240.0.0.0/4", "reserved", "RFC 1112", REFUSED),
    ("255.255.255.255/32", "limited broadcast", "RFC 8190", REFUSED),
    ("224.0.0.0/4", "multicast (not in the registry)", "RFC 5771", REFUSED),
]
IPV6 = [
    ("::1/128", "loopback address", "RFC 4291", REFUSED),
    ("::/128", "unspecified address", "RFC 4291", REFUSED),
    ("::ffff:0:0/96", "IPv4-mapped address", "RFC 4291", REFUSED),
    ("64:ff9b:1::/48", "IPv4-IPv6 translation, local use", "RFC 8215", REFUSED),
    ("100::/64", "discard-only address block", "RFC 6666", REFUSED),
    ("100:0:0:1::/64", "dummy IPv6 prefix", "RFC 9780", REFUSED),
    ("2001::/23", "IETF protocol assignments", "RFC 2928", REFUSED),
    ("2001::/32", "TEREDO", "RFC 4380", REFUSED),
    ("2001:1::1/128", "port control protocol anycast", "RFC 7723", REFUSED),  # reachable
    ("2001:1::2/128", "TURN anycast", "RFC 8155", REFUSED),  # reachable
    ("2001:1::3/128", "DNS-SD service registration protocol anycast", "RFC 9665", REFUSED),
    ("2001:2::/48", "benchmarking", "RFC 5180", REFUSED),
    ("2001:3::/32", "AMT", "RFC 7450", REFUSED),  # reachable, inside 2001::/23
    ("2001:4:112::/48", "AS112-v6", "RFC 7535", REFUSED),  # reachable, inside 2001::/23
    ("2001:10::/28", "deprecated (previously ORCHID)", "RFC 4843", REFUSED),
    ("2001:20::/28", "ORCHIDv2", "RFC 7343", REFUSED),  # reachable, inside 2001::/23
    ("2001:30::/28", "drone remote ID protocol entity tags", "RFC 9374", REFUSED),
    ("2001:db8::/32", "documentation", "RFC 3849", REFUSED),
    ("2002::/16", "6to4 (of 0.0.0.0 at its first address)", "RFC 3056", REFUSED),
    ("2620:4f:8000::/48", "direct delegation AS112 service", "RFC 7534", PASSES),
    ("3fff::/20", "documentation", "RFC 9637", REFUSED),
    ("5f00::/16", "segment routing (SRv6) SIDs", "RFC 9602", REFUSED),
    ("fc00::/7", "unique-local", "RFC 4193", REFUSED),
    ("fe80::/10", "link-local unicast", "RFC 4291", REFUSED),
    # not in the registry
    ("::/96", "IPv4-compatible, deprecated", "RFC 4291", REFUSED),
    ("fec0::/10", "site-local, deprecated", "RFC 3879", REFUSED),
    ("ff00::/8", "multicast", "RFC 4291", REFUSED),
]


def probes(block: str) -> list[str]:
    """The block's first address, its middle and its last."""
    network = ipaddress.ip_network(block)
    first, last = int(network.network_address), int(network.broadcast_address)
    kind = type(network.network_address)
    return [str(kind(n)) for n in dict.fromkeys((first, (first + last) // 2, last))]


@pytest.mark.parametrize(("block", "name", "rfc", "answer"), IPV4 + IPV6, ids=lambda v: str(v))
def test_every_special_purpose_block(block, name, rfc, answer):
    for address in probes(block):
        if block == "2002::/16" and address != "2002::":
            continue  # 6to4 judged by the IPv4 inside it: below
        assert transport.is_public_address(address) is answer, (address, name, rfc)


@pytest.mark.parametrize(
    "address",
    [
        "::127.0.0.1",  # IPv4-compatible loopback (::/96): accepted before this table
        "::7f00:1",
        "::a9fe:a9fe",  # ... of 169.254.169.254
        "::8.8.8.8",  # even of a public address: a deprecated form nothing routes
        "2002:c000:0201::1",  # 6to4 of 192.0.2.1 (documentation)
        "2002:6440:1::1",  # 6to4 of 100.64.0.1 (shared)
        "64:ff9b::c612:1",  # NAT64 of 198.18.0.1 (benchmarking)
        "64:ff9b::e000:1",  # NAT64 of 224.0.0.1 (multicast)
        "4000::1",  # outside 2000::/3, the only global unicast space
        "8000::1",
    ],
)
def test_forms_that_lead_inside_or_nowhere(address):
    assert transport.is_public_address(address) is False


@pytest.mark.parametrize(
    "address",
    [
        "93.184.216.34",
        "1.1.1.1",
        "2606:4700::1111",
        "2a00:1450:4001::1",
        "64:ff9b::5db8:d822",  # NAT64 of 93.184.216.34
        "2002:5db8:d822::1",  # 6to4 of 93.184.216.34
    ],
)
def test_public_addresses_pass(address):
    assert transport.is_public_address(address) is True
