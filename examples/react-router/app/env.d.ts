/// <reference types="vite/client" />
/// <reference types="msw/vite/client" />
/// <reference types="hypermock-api/vite/client" />
