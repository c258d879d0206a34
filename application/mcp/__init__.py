"""Model Context Protocol: the shared vocabulary (``model``) of servers, tools and calls."""
