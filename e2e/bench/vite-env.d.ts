// Vite's import.meta types for the baseline loader, which Vite (not Node) compiles.
/// <reference types="vite/client" />
