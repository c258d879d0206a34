"""MCP servers through the official Python SDK (``client.SdkMcpClient`` implements the port)."""
