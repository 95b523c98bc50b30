/**
 * The cairn MCP server.
 * @module
 */
export * from './mcp-server.js';
export * from './serve-stdio.js';
