"""Play over the network: the wire protocol, the hosted table, the server, the client.

Headless (no pygame): it sits below game/ui. docs/ONLINE.md says how to host, join and
serve; game/net/client.py's docstring is the API the app's screens use.
"""
