// Who has the table open now (Discord's connected participants, and their update event), said
// under the seats: the seated players are in the totals, the others are watching.

// Names joined as the bot joins them in the player's language (bot/i18n join_names), from the
// sentences the bot sent: "Ben", "Ben and Leo", "Ann, Ben and Leo".
export function joinNames(names, words) {
  if (names.length <= 1) return names.join("");
  if (names.length === 2) return words.names_two.replace("{first}", names[0]).replace("{second}", names[1]);
  const rest = names.slice(0, -1).join(words.list_separator);
  return words.names_many.replace("{rest}", rest).replace("{last}", names[names.length - 1]);
}

// The sentence for `participants`, named as Discord shows them.
export function hereNow(participants, words) {
  const names = participants.map((p) => p.nickname || p.global_name || p.username);
  return words.here.replace("{names}", joinNames(names, words));
}

// Says who is here now, and again whenever that changes, and tells `seen` their user ids (the
// seats mark them); a client that cannot tell says nothing.
export async function followParticipants(discord, words, say, seen) {
  const show = ({ participants }) => {
    say("present", hereNow(participants, words));
    seen(new Set(participants.map((participant) => participant.id)));
  };
  try {
    show(await discord.commands.getInstanceConnectedParticipants());
    await discord.subscribe("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", show);
  } catch {
    // An older Discord client: the seats alone are shown.
  }
}
