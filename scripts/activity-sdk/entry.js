// The Activity page's one use of the Embedded App SDK: its client, as a global.
import { DiscordSDK } from "@discord/embedded-app-sdk";

window.DiscordSDK = DiscordSDK;
