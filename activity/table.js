// The table's page, inside Discord: signs the player in with the Embedded App SDK (Discord's
// documented flow), then shows the channel's game live (live.js) on one screen, and tells
// Discord what the player is doing there (richpresence.js). Every word comes from the server:
// the page's own in its HTML (data-* of #table), the rest with the token's answer and each state.
// Addresses are relative: the page works behind Discord's proxy (/.proxy/) and on its own.
import { DiscordSDK } from "@discord/embedded-app-sdk";
import { Live } from "./live.js";
import { followParticipants } from "./presence.js";
import { RichPresence } from "./richpresence.js";

const table = document.getElementById("table");
const words = table.dataset;

function say(id, text) {
  const line = document.getElementById(id);
  line.textContent = text;
  line.hidden = false;
}

async function exchange(discord, code) {
  const response = await fetch("api/token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      code,
      channel_id: discord.channelId,
      guild_id: discord.guildId,
      instance_id: discord.instanceId,
    }),
  });
  const answer = await response.json().catch(() => ({ error: words.failed }));
  if (!response.ok) throw new Refused(answer.error || words.failed);
  return answer;
}

class Refused extends Error {}

// The signed-in player: their access token went to Discord (authenticate) and nowhere else;
// the session is what the bot knows them by from now on. `rpc.activities.write` lets the page
// set what Discord shows on their profile.
async function signIn() {
  const discord = new DiscordSDK(words.clientId);
  await discord.ready();
  const { code } = await discord.commands.authorize({
    client_id: words.clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify", "rpc.activities.write"],
  });
  const answer = await exchange(discord, code);
  await discord.commands.authenticate({ access_token: answer.access_token });
  return { discord, session: answer.session, answer };
}

async function main() {
  let signedIn;
  try {
    signedIn = await signIn();
  } catch (problem) {
    if (problem instanceof Refused) say("status", problem.message);
    else if (!new URLSearchParams(location.search).has("frame_id")) say("status", words.outside);
    else say("status", words.failed);
    return;
  }
  const { answer, session, discord } = signedIn;
  document.documentElement.lang = answer.lang;
  say("place", answer.place);
  table.setAttribute("aria-busy", "false");
  const renew = async () => (await signIn()).session;
  const live = new Live(session, answer, renew, new RichPresence(discord, answer.words));
  live.connect();
  followParticipants(discord, answer.words, say, (here) => live.present(here));
}

main();
