/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

interface ImportMetaEnv {
  /** Origin of the API when it is not the app's own origin (empty: same origin). */
  readonly VITE_API_ORIGIN?: string;
  /** The support chat link shown on every screen (e.g. https://wa.me/234...). */
  readonly VITE_CHAT_URL?: string;
}
