// Who is at the table now, in the player's language (activity/presence.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { hereNow } from "../presence.js";

const ANNE = { username: "anne", global_name: "Anne" };
const BEN = { username: "ben", global_name: null, nickname: "Benny" };
const CLEO = { username: "cleo" };
const ENGLISH = { here: "Here now: {names}.", names_two: "{first} and {second}", names_many: "{rest} and {last}", list_separator: ", " };

test("names as Discord shows them, joined as the bot joins a list", () => {
  assert.equal(hereNow([ANNE], ENGLISH), "Here now: Anne.");
  assert.equal(hereNow([ANNE, CLEO], ENGLISH), "Here now: Anne and cleo.");
  assert.equal(hereNow([ANNE, BEN, CLEO], ENGLISH), "Here now: Anne, Benny and cleo.");
});
