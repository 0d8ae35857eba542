"""The OpenAPI description of the JSON API (served at ``/api/openapi.json``).

Written out rather than generated, so that it says what each field means; a test checks that
every API route of the app is described here and nothing else.
"""

from __future__ import annotations

from typing import Any


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


ERROR = _json(_ref("Error"), "refused; the game is unchanged")
REFUSALS = {code: ERROR for code in ("400", "403", "404", "409", "413", "422")}
OFFER_OUTCOME = {"type": "object", "properties": {
    "outcome": {"type": "string", "enum": ["agreed", "declined", "pending"]},
    "state": _ref("State")}}
ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"},
      "description": "the game's id (from POST /api/play)"}
FLIP = {"name": "flip", "in": "query", "required": False,
        "schema": {"type": "string", "enum": ["0", "1"]},
        "description": "1: the board's picture turned half round (the second side nearest)"}
TOKENS = {"name": "X-Boardspec-Tokens", "in": "header", "required": False,
          "schema": {"type": "string"},
          "description": "the page's seat tokens, space-separated: in a game with hidden "
                         "information each seat is sent only what it sees (none: a "
                         "spectator's view)"}
LANG = {"name": "lang", "in": "query", "required": False,
        "schema": {"type": "string", "enum": ["en", "es", "pt", "ru", "eo"]},
        "description": "language of the names in the state (default: Accept-Language)"}

#: What a state's ``ply`` is (the JSON state, /legal, the WebSocket's updates, a move's).
PLY = ("the game's version as this viewer is shown it: the number of actions played; "
       "in a game with hidden information (view: in its file) the number of actions that "
       "changed what the viewer's seats know (a spectator: what is public), so that it "
       "never tells how often another seat acted unseen")

SPEC: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "boardspec serve", "version": "1",
             "description": "Play any served game file: the API the game page uses. "
                            "Moves for a seat need that seat's secret token (returned once "
                            "by POST /api/play); a refused request gets a 4xx with "
                            '{"error": message} and changes nothing.'},
    "paths": {
        "/api/games": {"get": {
            "summary": "The game files this server plays",
            "responses": {"200": _json({"type": "object", "properties": {
                "games": {"type": "array", "items": _ref("GameFile")}}}, "the games")}}},
        "/api/games/{slug}": {"get": {
            "summary": "One game file",
            "parameters": [{"name": "slug", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            "responses": {"200": _json(_ref("GameFile"), "the game"), "404": ERROR}}},
        "/api/games/{slug}/position": {"post": {
            "summary": "The position editor's check: a position (position JSON, or the "
                       "game's FEN) read by the engine, under the game's parameters",
            "parameters": [{"name": "slug", "in": "path", "required": True,
                            "schema": {"type": "string"}}, LANG],
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": {"type": "object", "properties": {
                    "position": {"type": "object", "description": "position JSON (what "
                                 "boardspec show --position reads)"},
                    "fen": {"type": "string"},
                    "parameters": {"type": "object"}}}}}},
            "responses": {"200": _json({"type": "object", "properties": {
                "valid": {"type": "boolean"},
                "error": {"type": "string", "description": "why it is not a position of "
                          "the game, in words ('' when valid)"},
                "position": {"type": "object", "description": "the position JSON as the "
                             "engine writes it (valid only)"},
                "fen": {"type": ["string", "null"]},
                "svg": {"type": "string", "description": "the board (of an invalid one: "
                        "the pieces that could be placed)"},
                "legal": {"type": "object", "description": "count, and actions "
                          "(notation, written)"},
                "palette": {"type": "object", "description": "sides, pieces, counters, "
                            "numbers (slots), phases, setups, fen: what may be edited"}}},
                "the position read"), **REFUSALS}}},
        "/api/sketch": {"post": {
            "summary": "Board sketching: a sketch started from a template, changed by one "
                       "click, or drawn; nothing is stored (the page keeps the sketch)",
            "parameters": [LANG],
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": {"type": "object", "properties": {
                    "template": {"type": "object", "description": "{type: grid|hex|ring|"
                                 "track|star|alquerque, and its options}: a new sketch"},
                    "players": {"type": "array", "items": {"type": "string"}},
                    "sketch": {"type": "object", "description": "the sketch the page keeps "
                               "(template, shape, players, cells, links, zones)"},
                    "change": {"type": "object", "description": "one of add_cell [x, y], "
                               "remove_cell, toggle_link [a, b], toggle_zone (with cell, "
                               "player), remove_zone"}}}}}},
            "responses": {"200": _json({"type": "object", "properties": {
                "sketch": {"type": "object"},
                "yaml": {"type": "string", "description": "the board: and zones: blocks"},
                "game": {"type": "string", "description": "a whole game file around them"},
                "svg": {"type": "string", "description": "the board as boardspec draws it, "
                        "zones drawn ('' when the export does not read)"},
                "frame": {"type": ["object", "null"], "description": "left, top, unit, sx, "
                          "sy: a click's pixels to board units"},
                "errors": {"type": "array", "items": {"type": "string"}, "description":
                           "why the export does not read, where it does not"}}},
                "the sketch drawn and exported"), **REFUSALS}}},
        "/api/recent": {"get": {
            "summary": "The most recently played games",
            "responses": {"200": _json({"type": "object"}, "id, game, seats, plies (null "
                                       "in a game with hidden information not yet over), "
                                       "result")}}},
        "/api/play": {"post": {
            "summary": "Start a new game",
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": _ref("NewGame")}}},
            "responses": {"201": _json({"type": "object", "properties": {
                "id": {"type": "string"}, "url": {"type": "string"},
                "tokens": {"type": "array", "items": {"type": ["string", "null"]},
                           "description": "per seat: the secret token of a person's "
                                          "seat, null for an agent"},
                "state": _ref("State")}}, "the new game"), **REFUSALS}}},
        "/api/play/{id}": {"get": {
            "summary": "The state of a game (with ?turn=N: the position after its first N "
                       "turns, read only)",
            "parameters": [ID, LANG, FLIP, TOKENS, {"name": "turn", "in": "query",
                                                    "required": False,
                                                    "schema": {"type": "integer", "minimum": 0}},
                           {"name": "inspect", "in": "query", "required": False,
                            "schema": {"type": "string", "enum": ["0", "1"]},
                            "description": "1: add the state inspector's view (inspect)"}],
            "responses": {"200": _json(_ref("State"), "the state"), "404": ERROR}}},
        "/api/play/{id}/legal": {"get": {
            "summary": "The legal actions now (and whole turns with ?turns=1)",
            "parameters": [ID, TOKENS, {"name": "turns", "in": "query", "required": False,
                                        "schema": {"type": "string", "enum": ["0", "1"]}}],
            "responses": {"200": _json({"type": "object", "properties": {
                "ply": {"type": "integer", "description": PLY},
            "current_seat": {"type": ["integer", "null"]},
            "parameters": {"type": "object", "description": "the values of the game's "
                           "parameters it is played with"},
                "actions": {"type": "array", "items": _ref("Action")},
                "turns": {"type": "array", "items": {"type": "string"}}}}, "legal actions"),
                "403": ERROR, "404": ERROR}}},
        "/api/play/{id}/apply": {"post": {
            "summary": "Play actions for the seat of the token",
            "parameters": [ID, LANG],
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": _ref("Apply")}}},
            "responses": {"200": _json(_ref("Played"), "played"), **REFUSALS}}},
        "/api/play/{id}/agent": {"post": {
            "summary": "Wait for the agent to move to play its turn",
            "parameters": [ID, LANG],
            "requestBody": {"required": False, "content": {"application/json": {
                "schema": {"type": "object", "properties": {"ply": {
                    "type": "integer", "description": "the ply (as the state gave it) the "
                                                      "agent was to move at (answers at once "
                                                      "if it has played; with hidden "
                                                      "information only the viewer's own "
                                                      "actions are listed as played)"}}}}}},
            "responses": {"200": _json(_ref("Played"), "played"), "409": ERROR,
                          "404": ERROR}}},
        "/api/play/{id}/restart": {"post": {
            "summary": "Start the game again with the rules file as it is now",
            "parameters": [ID, LANG],
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": {"type": "object", "required": ["token"], "properties": {
                    "token": {"type": "string"},
                    "keep": {"type": "boolean", "description": "true: go on from the "
                             "last move the new rules still take (GET /replay says which)"},
                    "parameters": {"type": "object", "description": "another setting "
                                   "(default: the game's own)"}}}}}},
            "responses": {"200": _json({"type": "object", "properties": {
                "outcome": {"type": "string", "enum": ["agreed", "pending"],
                            "description": "pending: another person is seated in a game "
                            "not over, and answers the restart offered at /answer"},
                "archived": {"type": ["string", "null"],
                             "description": "the id under which the game so far is kept"},
                "state": _ref("State")}}, "the restarted game"), **REFUSALS}}},
        "/api/play/{id}/replay": {"get": {
            "summary": "The game's moves played again under its rules file as it is now "
                       "(edited under --watch): how many stay legal, and the first that "
                       "does not (POST /restart with keep: true goes on from there)",
            "parameters": [ID, LANG],
            "responses": {"200": _json({"type": "object", "properties": {
                "plies": {"type": "integer"}, "kept": {"type": "integer"},
                "turns_kept": {"type": "integer"},
                "turn": {"type": "integer", "description": "the turn of the first move "
                         "refused"},
                "player": {"type": "string"}, "action": {"type": "string"},
                "reason": {"type": "string", "description": "why it is refused ('' when "
                           "every move replays)"},
                "version": {"type": "string"}, "file_version": {"type": "string"}}},
                "the replay"), "404": ERROR, "409": ERROR}}},
        "/api/play/{id}/resign": {"post": {
            "summary": "The seat of the token resigns: every other side wins (the record "
                       "says Termination: resignation)",
            "parameters": [ID, LANG, FLIP],
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": {"type": "object", "required": ["token"], "properties": {
                    "token": {"type": "string"}}}}}},
            "responses": {"200": _json({"type": "object", "properties": {
                "state": _ref("State")}}, "the finished game"), **REFUSALS}}},
        "/api/play/{id}/offer": {"post": {
            "summary": "The seat of the token offers a draw, to take back its last turn "
                       "(and every turn after it), or, once the game is over, a rematch "
                       "with the seats turned (each token opens its person's new seat). "
                       "Agreed at once when no other person holds a seat (an agent takes "
                       "back and plays a rematch, but declines a draw); otherwise pending "
                       "until another person answers; a move ends a pending offer",
            "parameters": [ID, LANG, FLIP],
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": {"type": "object", "required": ["token", "offer"], "properties": {
                    "token": {"type": "string"},
                    "offer": {"type": "string", "enum": ["draw", "undo", "rematch"]}}}}}},
            "responses": {"200": _json(OFFER_OUTCOME, "what became of the offer"),
                          **REFUSALS}}},
        "/api/play/{id}/answer": {"post": {
            "summary": "A person of another seat accepts or declines the pending offer (an "
                       "agreed draw: the record says Termination: agreement)",
            "parameters": [ID, LANG, FLIP],
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": {"type": "object", "required": ["token", "accept"], "properties": {
                    "token": {"type": "string"}, "accept": {"type": "boolean"}}}}}},
            "responses": {"200": _json(OFFER_OUTCOME, "what became of the offer"),
                          **REFUSALS}}},
        "/api/play/{id}/name": {"post": {
            "summary": "The person of the token gives their name (null or empty: none), "
                       "shown in the seat list and the record's player headers",
            "parameters": [ID, LANG, FLIP],
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": {"type": "object", "required": ["token", "name"], "properties": {
                    "token": {"type": "string"},
                    "name": {"type": ["string", "null"], "maxLength": 40}}}}}},
            "responses": {"200": _json({"type": "object", "properties": {
                "state": _ref("State")}}, "the game"), **REFUSALS}}},
        "/api/play/{id}/record": {"get": {
            "summary": "The game record (boardspec replay reads it); pgn for a game in "
                       "SAN (chess: the state's record_formats lists them)",
            "parameters": [ID, {"name": "format", "in": "query", "required": False,
                                "schema": {"type": "string",
                                           "enum": ["text", "json", "pgn"]}}],
            "responses": {"200": {"description": "the record", "content": {
                "text/plain": {"schema": {"type": "string"}},
                "application/x-chess-pgn": {"schema": {"type": "string"}},
                "application/json": {"schema": {"type": "object"}}}}, "403": ERROR,
                "404": ERROR, "422": ERROR}}},
        "/api/play/{id}/ws": {"get": {
            "summary": "WebSocket: pushes {type: update, ply} after every move (ply as in "
                       "the state; with hidden information after a move that changed what "
                       "the seats of the page's hello know, else what is public), {type: "
                       "rules} when the game file changes, {type: presence} when a seat "
                       "opens or leaves the game, {type: resigned}, {type: offer, offer, outcome} "
                       "when an offer is made or answered; a page may send {type: "
                       "hello, tokens: [...]} to be shown present in its seats",
            "parameters": [ID],
            "responses": {"101": {"description": "switching protocols"}}}},
    },
    "components": {"schemas": {
        "Error": {"type": "object", "required": ["error"],
                  "properties": {"error": {"type": "string"}}},
        "GameFile": {"type": "object", "properties": {
            "slug": {"type": "string"}, "file": {"type": "string"},
            "name": {"type": "string"}, "version": {"type": "string"},
            "players": {"type": "array", "items": {"type": "string"}},
            "parameters": {"type": "array", "items": _ref("Parameter"),
                           "description": "what a new game may set (POST /api/play's "
                                          "parameters)"},
            "playable": {"type": "boolean"},
            "errors": {"type": "array", "items": _ref("FileError")}}},
        "Parameter": {"type": "object", "properties": {
            "name": {"type": "string"},
            "type": {"type": "string", "enum": ["int", "number", "bool", "choice"]},
            "default": {}, "min": {"type": ["number", "null"]},
            "max": {"type": ["number", "null"]},
            "choices": {"type": "array", "items": {"type": "string"}},
            "description": {"type": "string"},
            "allowed": {"type": "string", "description": "the values allowed, in words"}}},
        "FileError": {"type": "object", "properties": {
            "file": {"type": "string"}, "line": {"type": "integer"},
            "column": {"type": "integer"}, "message": {"type": "string"},
            "text": {"type": "string", "description": "file:line:column: error …"}}},
        "NewGame": {"type": "object", "required": ["game"], "properties": {
            "game": {"type": "string", "description": "a slug from /api/games"},
            "seats": {"type": "array", "items": {"type": "string"},
                      "description": "per seat: 'human' or an agent: random, greedy, "
                                     "alphabeta:d3, alphabeta:0.5s, mcts:1s, mcts:500i"},
            "seed": {"type": "integer"},
            "parameters": {"type": "object", "description": "values of the game's "
                           "parameters, such as {\"size\": 7} (the defaults for the "
                           "others); a value the file does not allow is refused with 422"},
            "position": {"type": "object", "description": "start from this position JSON "
                         "(the position editor's 'start here')"},
            "fen": {"type": "string", "description": "start from this position string"},
            "record": {"type": ["string", "object"], "description": "a game record (its "
                       "text or JSON, as /record writes it): the new game has its moves, "
                       "each checked; the first refused is named in the 422"},
            "clock": {"type": ["string", "null"], "description": "the time control: "
                      "minutes+increment in seconds ('5+3'), or 'none' (the default). The "
                      "server keeps the clocks; a seat whose time runs out loses (the "
                      "record says Termination: time forfeit, TimeControl: 300+3)"},
            "names": {"type": "array", "items": {"type": ["string", "null"]},
                      "description": "per seat: the player's name (a person's seat only; "
                                     "at most 40 characters, spaces tidied)"}}},
        "Apply": {"type": "object", "required": ["token", "ply"], "properties": {
            "token": {"type": "string", "description": "the seat's secret token"},
            "ply": {"type": "integer",
                    "description": "the state's ply as last seen by the page that sends "
                                   "the move (its token and X-Boardspec-Tokens seats); a "
                                   "stale one is refused with 409"},
            "action": {"type": "string", "description": "notation; several actions "
                                                        "separated by spaces"},
            "from": {"type": "string"}, "to": {"type": "string"},
            "at": {"type": "string"}}},
        "Action": {"type": "object", "properties": {
            "notation": {"type": "string"}, "phase": {"type": "string"},
            "written": {"type": "string", "description": "the notation in the language of "
                        "the request (in a state's legal actions); either form is accepted"},
            "kind": {"type": "string"}, "from": {"type": "string"}, "to": {"type": "string"},
            "at": {"type": "string"}, "attribute": {"type": "string"},
            "side": {"type": "string"}}},
        "Played": {"type": "object", "properties": {
            "played": {"type": "array", "items": {"type": "string"}},
            "refused": {"type": "string", "description": "in a game with hidden "
                        "information, whose actions are played one by one: why the action "
                        "after those played was refused"},
            "state": _ref("State")}},
        "State": {"type": "object", "properties": {
            "id": {"type": "string"}, "game": {"type": "string"}, "name": {"type": "string"},
            "ply": {"type": "integer", "description": PLY},
            "current_seat": {"type": ["integer", "null"]},
            "to_move": {"type": ["string", "null"]}, "phase": {"type": "string"},
            "record_formats": {"type": "array", "items": {"type": "string"},
                               "description": "the formats /record gives"},
            "terminal": {"type": "boolean"}, "result": {"type": ["object", "null"]},
            "seats": {"type": "array", "items": {"type": "object"},
                      "description": "per seat: its player, agent, and the person's name"},
            "clock": {"type": ["object", "null"], "description": "the time control, each "
                      "seat's seconds left now, the seat whose clock runs, the one whose "
                      "flag fell; null: no clock"},
            "sides": {"type": "array", "items": {"type": "object"},
                      "description": "per player: counters, hands (the pieces a player holds "
                                     "off the board, by kind) and supplies"},
            "turns": {"type": "array", "items": {"type": "object"}},
            "dice": {"type": "array", "items": {"type": "integer"},
                     "description": "the dice of this turn, rolled by the server (empty "
                                    "before the roll, or in a game without dice)"},
            "legal": {"type": "array", "items": _ref("Action")},
            "svg": {"type": "string", "description": "the board, as the rulebooks draw it"},
            "version": {"type": "string", "description": "the rules this game is played with"},
            "file_version": {"type": "string",
                             "description": "the rules file now (differs: restart offered)"},
            "file_errors": {"type": "array", "items": _ref("FileError")},
            "inspect": {"type": "object", "description": "with ?inspect=1: setup, phase, "
                        "to_move, fullmove, counters, slots (name, kind, scope, value, "
                        "default), position (its JSON) and legal (count, actions)"},
            "offer": {"type": ["object", "null"], "description": "an offer waiting for an "
                      "answer: kind (draw, undo, rematch, restart), seat, by (the player, "
                      "in words)"},
            "rematch": {"type": ["string", "null"],
                        "description": "the id of the agreed rematch"}}},
    }},
}
