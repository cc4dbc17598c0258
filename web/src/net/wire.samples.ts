// Generated from crates/server/src/protocol.rs by `KINGME_UPDATE_TYPES=1 cargo test -p kingme-server --lib protocol::typescript`.
// Do not edit: the test run fails when this file and the Rust types disagree.
// Each message exactly as the server writes it (serde_json); `tsc` checks them against wire.ts.

import type { ClientMessage, Event, ServerMessage } from "./wire";

export const clientSamples: ClientMessage[] = [
    {"t":"hello","token":"0123456789abcdef0123456789abcdef","v":4},
    {"t":"hello","token":null,"v":null},
    {"t":"join","token":null,"seat_no":2,"name":"Ann"},
    {"t":"seat_computers","seats":[1,2],"level":"advanced"},
    {"t":"replace_with_computer","seat_no":1,"v":9,"level":null},
    {"t":"reclaim"},
    {"t":"move","ack":3,"v":7,"move":"c3×e5×g7","offer_draw":true},
    {"t":"accept_draw","v":8},
    {"t":"resign","v":8},
    {"t":"rematch","game":1},
    {"t":"continue_vs_computer","v":8},
    {"t":"sync","v":2},
];

export const eventSamples: Event[] = [
    {"v":1,"at":1700000001000,"t":"joined","seat":"joiner","seat_no":1,"name":"Bo"},
    {"v":2,"at":1700000002000,"t":"joined","seat":"joiner","seat_no":2},
    {"v":3,"at":1700000003000,"t":"computers_seated","seats":[3,4],"level":"beginner"},
    {"v":4,"at":1700000004000,"t":"seat_reclaimed","seat_no":1},
    {"v":5,"at":1700000005000,"clock":{"control":{"initial_ms":180000,"increment_ms":2000},"remaining_ms":[176500,181000],"running":0},"t":"moved","seat":"creator","seat_no":0,"move":"11-15","offer_draw":false,"ack":1,"fen":"W:W21,22:B15","outcome":null},
    {"v":6,"at":1700000006000,"clock":{"control":{"initial_ms":180000,"increment_ms":2000},"remaining_ms":[176500,181000],"running":0},"t":"moved","seat":"joiner","seat_no":1,"move":"22x15","offer_draw":false,"ack":2,"fen":"B:W15:B","outcome":{"winner":"creator","winner_side":"white","winner_no":0,"ranking":[[0],[1]],"reason":"no-pieces","description":"White has taken every black piece"}},
    {"v":7,"at":1700000007000,"t":"draw_accepted","seat":"joiner","seat_no":1,"outcome":{"winner":null,"winner_side":null,"winner_no":null,"ranking":[[0,1]],"reason":"agreement","description":"The players agreed to a draw"}},
    {"v":8,"at":1700000008000,"t":"resigned","seat":"joiner","seat_no":2,"outcome":null},
    {"v":9,"at":1700000009000,"t":"rematch","game":2,"first":"joiner","first_no":1,"fen":"B:W21,22:B1,2"},
    {"v":10,"at":1700000010000,"t":"flagged","seat":"creator","seat_no":0,"outcome":{"winner":"creator","winner_side":"white","winner_no":0,"ranking":[[0],[1]],"reason":"no-pieces","description":"White has taken every black piece"}},
    {"v":11,"at":1700000011000,"t":"left_for_computer","seat":"creator"},
];

export const serverSamples: ServerMessage[] = [
    {"t":"snapshot","v":3,"room":"k7f3q9x2","variant":"english","created_at":1700000000000,"expires_at":1700086400000,"game":1,"colors":{"creator":"black","joiner":"white"},"joined":true,"you":"joiner","you_no":1,"players":2,"seats":[{"seat_no":0,"taken":true,"name":"Ann","computer":null,"player":0,"board_seat":null,"side":"black"},{"seat_no":1,"taken":false,"name":null,"computer":"expert","player":1,"board_seat":null,"side":"white"}],"start_fen":"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12","moves":["11-15"],"offers":[false],"fen":"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15","to_move":"joiner","to_move_no":1,"legal_moves":["22-18","23-19"],"draw_offer":null,"may_offer_draw":true,"outcome":null,"left_for_computer":null,"presence":{"creator":true,"joiner":false,"spectators":2,"creator_away_since":null,"joiner_away_since":1700000060000,"seats":[{"connected":true,"away_since":null},{"connected":false,"away_since":1700000060000}]},"clock":{"control":{"initial_ms":180000,"increment_ms":2000},"remaining_ms":[176500,181000],"running":0}},
    {"t":"seat","seat":"joiner","seat_no":1,"token":"0123456789abcdef0123456789abcdef"},
    {"t":"ack","ack":3,"v":7},
    {"t":"synced","v":7},
    {"t":"synced","v":7,"clock":{"control":{"initial_ms":180000,"increment_ms":2000},"remaining_ms":[176500,181000],"running":0}},
    {"t":"presence","creator":true,"joiner":false,"spectators":2,"creator_away_since":null,"joiner_away_since":1700000060000,"seats":[{"connected":true,"away_since":null},{"connected":false,"away_since":1700000060000}]},
    {"t":"away","seat":"joiner","seat_no":1,"since":1700000060000},
    {"t":"error","code":"not_your_turn","message":"it is White's turn"},
    {"t":"error","code":"illegal_move","message":"11-16 is not a legal move","ack":4},
];
