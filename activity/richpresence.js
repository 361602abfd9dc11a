// What Discord shows on a player's profile while their table is open (rich presence, the SDK's
// setActivity, which the authorize call's rpc.activities.write scope allows): the stage and
// round, the table's state with the party's size (its players of its seats: in a lobby, of
// the most a game seats), and the time since the game started (in Unix seconds, as Discord's RPC
// takes it: milliseconds would be refused). Cleared once the game is over,
// or when no game is open. The words are the bot's, in the player's language.

// The activity for `state` (null: nothing to show). Pure: tested in activity/test/.
export function activityOf(state, words) {
  if (!state || state.game === null || state.over) return null;
  const players = state.figures.filter((figure) => figure.colour !== null).length;
  const seated = state.watching === null;
  let doing = words.presence_picking;
  if (state.lobby) doing = words.presence_lobby;
  else if (!seated) doing = words.presence_watching;
  else if (state.moving) doing = words.presence_moving;
  return {
    type: 0,
    details: state.headline,
    state: doing,
    party: { size: [players, state.lobby ? state.seats : players] },
    timestamps: { start: state.started },
  };
}

// Tells Discord, and again only when what it shows changes (Discord limits how often).
export class RichPresence {
  constructor(discord, words) {
    this.discord = discord;
    this.words = words;
    this.shown = "null";
  }

  show(state) {
    const activity = activityOf(state, this.words);
    const key = JSON.stringify(activity);
    if (key === this.shown) return;
    this.shown = key;
    // An older Discord client, or one the player did not let set it: the table plays on.
    this.discord.commands.setActivity({ activity }).catch(() => {});
  }
}
