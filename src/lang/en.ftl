# tavolo's words in English: the source every other catalogue follows, message by message
# (docs/lang.md). Arguments are named; data (piece codes, names, words, ruling ids, codes)
# comes in as arguments and is never translated.

## Counts

count-tiles = { $count } { $count ->
    [one] tile
   *[other] tiles
}
count-cards = { $count } { $count ->
    [one] card
   *[other] cards
}
count-moves = { $count } { $count ->
    [one] move
   *[other] moves
}
# A seat without a name.
player-n = player { $n }
# Names joined: "Anna and Bruno".
word-or = or
and-join = { $first } and { $last }

## The session (every game, every view)

verdict-nobody = nobody wins
verdict-wins = { $player } wins
verdict-share = { $players } share the win
verdict-final = { $verdict }; final scores: { $scores }
unseen-refusal-seat = that move is not legal here ({ $rule })
unseen-refusal-table = that move is not legal here ({ $rule }); what it needs is hidden from the table: see your own page
session-ended-answer = the game is over: `undo` takes back how it ended
session-no-hint = no hint here: a hint shows the hand of the seat to move, so it is given only on that seat's own page (--seat NAME) or to the director (--director)
session-no-hint-over = no hint: the game is over
to-move = { $player } to move
session-over = the game is over
session-expects-nothing = nothing: the game is over
session-over-head = the game is over: { $result }
session-resigns = { $player } resigns (GN-4)
session-nothing-to-resign = the game is over: there is nothing to resign
session-cannot-resign = { $player } is out of the game already: there is nothing to resign (GN-4)
session-no-strict = { $game } ({ $variant }) has no rule that punishes an illegal move at once, so a table of it cannot be strict (GN-4)
session-strict-explained = { $refusal }: { $reason } (strict table, GN-4)
hint-legal-moves = legal moves
hint-natura-lists = moves besides words

## `tavolo table`: the terminal

table-head = { $game } ({ $variant }): { $players }
table-record = record: { $file }
table-record-twin = (and { $path } as { $format })
table-so-far = ({ $moves } so far)
table-hidden-note = what nobody at the table may see is hidden (--director shows it)
table-type-a-move = type a move, or `help`
table-to-move = { $player } to move: { $expects }
table-over-prompt = the game is over: undo, show, save or quit
table-resigned = move { $number }, { $player }: resigns (GN-4)
table-not-resigned = not resigned: { $why }
table-resign-stranger = `{ $name }` is not one of the players: { $players }
table-resign-seat = only { $player } resigns from this seat
table-recorded-strict = recorded (strict table, GN-4): move { $number }, { $player }: { $move } breaks { $rule } [{ $code }]: { $message }
table-legal = move { $number }, { $player }: { $move }: legal. { $explanation }
table-refused = refused (not recorded): move { $number }, { $player }: { $move } breaks { $rule } [{ $code }]: { $message }
table-legal-instead = legal instead: { $moves }
table-not-a-move = not a move (column { $column }): { $message }
table-undo-two = taking back move { $number }, { $player }'s, needs { $player } and another player to agree: `undo { $player } { $other }` (the director's session, --director, takes a move back alone)
table-undo-one = taking back move { $number } needs { $player }'s word: `undo { $player }`
table-undo-stranger = `{ $name }` is not one of the players; { $how }
table-not-taken-back = not taken back: { $why }
table-nothing-to-undo = nothing to undo: no move yet
table-took-back = took back move { $number }, { $player }: { $move }
table-nothing-to-redo = nothing to redo
table-hint-best = best: { $move }
table-hint-no-best = no best move: { $note }
table-hint-list = { $lists } ({ $count }): { $moves }
table-hint-more = ... ({ $count } more)
table-help-head = a move as the records write it, or a short form:
table-help-commands = commands: undo [NAME OTHER], redo, hint, position, moves, resign [NAME], show [FILE], save [FILE], help, quit
table-scores = scores: { $scores }
table-no-move-yet = no move yet
table-saved = saved { $file }
table-drew = drew { $file }
table-no-picture = warning: no picture: { $error }
table-over-end = game over: { $result }; { $count } { $count ->
    [one] move
   *[other] moves
} recorded in { $file }
table-not-finished = game not finished: { $count } { $count ->
    [one] move
   *[other] moves
} recorded in { $file }; `tavolo table --resume { $file }` goes on
table-fresh-seed = note: a fresh seed from the operating system; it is in the record's [deal]

## Short forms at the table (what each stands for)

short-moon-place = the seat to move places RV on c4 (the notation is `2 RV c4`)
short-moon-square-first = the same, square first
short-moon-solitaire = solitaire: the tile just drawn goes on c4 (the notation is `RV c4`)
short-quincunx-place = the seat to move places 3MW on c3 (the notation is `p1 3MW c3`)
short-quincunx-full-name = a card by its full name
short-quincunx-announce = sempliciotto: announced 12, and player 2 noticed a wrong announcement (QX-10)
short-farfalia-play = the seat to move plays B11 (its own, or its dummy's; the notation is `3:B11`)
short-farfalia-take = collect B11 from the trick just won (FA-3)
short-farfalia-decline = collect nothing from the trick just won
short-farfalia-discard = the dealer's discard
short-farfalia-trump = the dealer's trump (`trump none`: no trump)
short-farfalia-double = DoubleYou: declare a jolly (`single`: not, FA-10)
short-farfalia-jolly = Burnin': play the jolly of a family (FA-9)
short-natura-place = the seat to move plays CASA from H8 (the notation is `1 H8 across CASA`)
short-natura-letter = the same: `a` across, `d` down
short-natura-dir-last = the same, the direction last
short-natura-word = in a word: lower case a jolly, `.` a letter already on the board
short-natura-exchange = give back A, E and a jolly (`?`)
short-natura-italian = the same: `o` or `orizzontale` across, `v` or `verticale` down
short-natura-gcg = as GCG writes it: row first across (`8H`), column first down (`H8 CASA`)
short-natura-pass = pass
short-natura-challenge = challenge the play just made (NS-5)
short-domino-lay = the seat to move lays M3 in row 0 (the notation is `1: tile M3 row 0`)
short-domino-same = the same
short-domino-one-row = M3 in the one row it fits, when there is one only
short-domino-turn = the special move: turn M3 over (DF-5)
short-domino-draw = F4 drawn from the set-aside pile and kept (`draw F4 0`: laid in row 0)
short-domino-out = nothing to place nor draw: out (DF-4)
short-domino-open = call open play (DF-4); the same player then moves
short-mosaico-place = the tile in play goes on a2 (the notation is `M2 a2`)
short-mosaico-aside = the tile in play is set aside (`M3 aside`, MO-3)
short-muro-move = move B4 from the top it lies on onto column 5 (the notation is `B4 3>5`)
short-muro-new = move B4 onto its new-wall pile (`B4 3>new`)
short-muro-top = move the top tile of column 3 onto column 5
short-scalafrutta-insert = the seat to move inserts the drawn B4 at top2 (the notation is `1: B4 top2`)
short-scalafrutta-gift = no edge tile matches: the tile that falls out goes to P2 (by name or seat)
short-scalafrutta-combinations = the recombiner's combinations (`combinations` alone: none)
short-scalafrutta-best = the recombiner declares the best partition (SF-5)

## Natura Shakerata

natura-across = across
natura-down = down
natura-rack = { $player } { $score }: { $rack }
natura-bag = bag: { $tiles }
natura-bag-order = bag: { $tiles }, in draw order: { $order }
natura-over = the game is over: { $scores }
natura-expects-word = a word (`H8 across CASA`)
natura-expects-exchange = , an exchange (`exchange AE?`)
natura-expects-pass = , `pass`
natura-expects-challenge = , or `challenge` the play just made (NS-5)
natura-scores = { $player } scores { $points }: { $words }
natura-bonus = ; +{ $bonus } for the whole rack
natura-may-challenge = : { $player } may `challenge` it
natura-missing = ; not in the lexicon: { $words }; it stands unless challenged{ $next } (NS-5)
natura-exchanges = { $player } exchanges (NS-3)
natura-exchanges-count = { $player } exchanges { $tiles } (NS-3)
natura-passes = { $player } passes
natura-withdrawn = challenge: { $words } is not in the lexicon, so { $player }'s play is withdrawn and its { $points } points taken back (NS-5)
natura-penalty = { " " }and scores { $penalty } more (challenge-penalty)
natura-upheld = challenge: every word is in the lexicon, { $player }'s play stands{ $more } (NS-5)
natura-end-out = { $player } played their last tile with the bag empty
natura-end-passes = every player passed (or exchanged) three turns running
natura-end = ; the end ({ $how }): racks left { $adjusted } (NS-4); final { $scores }
natura-instead-word = a word from the rack { $rack } (`hint` finds the best)
natura-word-times = , word x{ $factor } = { $score }
natura-game-over = the game is already over
natura-out-of-turn = { $player } moved, but it is { $expected }'s turn
natura-no-seat = there is no player { $n }
natura-not-on-rack-at = `{ $tile }` (for { $square }) is not on the rack
natura-not-on-rack = `{ $tile }` is not on the rack
natura-bag-low = an exchange needs 7 or more tiles in the bag; it holds { $count }
natura-exchange-size = cannot exchange { $count } tiles
natura-nothing-to-challenge = there is no play by another player to challenge just before
natura-off-board = the word runs off the board after { $square }
natura-mismatch = { $square } is covered by another letter than the one written
natura-through-empty = `.` is written for { $square }, which is empty
natura-no-tile = the play at { $square } places no tile
natura-one-letter = the main word at { $square } has one letter; write it in the direction where it forms a word
natura-not-whole-word = the word goes on over { $square }: write the whole word
natura-misses-star = the first word (at { $square }) must cover the star H8
natura-no-contact = the word at { $square } touches no tile on the board
natura-unknown-tile = the tile for { $square } is no letter

## The table page (`tavolo serve`). Arguments named `*-html` are already escaped.

page-back = back
page-view-table = the table's page
page-view-director = the director's page (everything shown)
page-view-seat = { $player }'s page
page-legal = Move { $number }, { $player_html }: <b>{ $move_html }</b>: legal. { $explanation_html }
page-refused = Refused, not recorded: move { $number }, { $player_html }: <b>{ $move_html }</b> breaks { $rule_html } { $code_html }: { $why_html }
page-legal-instead = Legal instead: { $moves_html }
page-not-a-move = Not a move (column { $column } of <code>{ $typed_html }</code>): { $why_html }
page-to-move = { $player_html } to move <small>({ $expects_html })</small>
page-over = The game is over.
page-last = Last move, { $number }, { $player_html }: <b>{ $move_html }</b>. { $explanation_html }
page-move-label = your move
page-move-placeholder = a move, e.g. as the record writes it
page-play = Play
page-waiting = Waiting for { $player_html }.
page-plays-own-page = { $player_html } plays on their own page (their hand is hidden here).
page-undo-now = Undo move { $number }
page-undo-ask = Ask to take back move { $number }
page-undo-asked = You asked to take back move { $number }: another seat agrees on its own page.
page-undo-withdraw = Withdraw the request
page-undo-confirm = { $player_html } asks to take back move { $number }.
page-undo-agree = Agree: take back move { $number }
page-undo-refuse = Refuse
page-score-player = player
page-score-score = score
page-no-picture = no picture
page-position = Position
page-hint-best = Best: <b>{ $move_html }</b>.
page-hint-no-best = No best move: { $note_html }.
page-hint-list = { $lists_html } ({ $count }): { $moves_html }
page-hint-more = … ({ $count } more)
page-moves = Moves
page-reload = reload
page-hint = hint
page-record = download the record
page-picture = the picture (SVG)
page-seats-head = Seats played on the table's page
page-seats-note = The table's page plays only for these seats (their hands are hidden elsewhere); every other seat plays on its own page.
page-save = Save
page-links = Links for the tablets
page-home-title = tavolo: the referee at the table
page-tables = Tables
page-no-tables = None yet: deal one below.
page-deal-head = Deal a new table
page-game = Game
page-seed = Seed
page-seed-placeholder = any text; empty: a fresh one
page-players = Players, in turn order
page-players-placeholder = Anna, Bruno (empty: P1, P2 ...)
page-player-count = Number of players
page-player-count-placeholder = empty: the fewest the game allows
page-variant = Variant
page-variant-placeholder = empty: the game's first
page-deal = Deal
page-open-head = Go on with a record
page-open-record = The record (TOML, as tavolo writes it)
page-open = Open

## MOON

moon-expects = a tile from { $player }'s hand{ $common } and a square next to a tile: `TILE SQUARE`, e.g. `RV c4`
moon-expects-common = { " " }or the common tiles
moon-expects-full = nothing: the board is full
moon-expects-drawn = a square next to a tile for { $tile }, the tile drawn: e.g. `c4`
moon-expects-draw = the tile drawn and a square next to a tile: e.g. `RV c4`
moon-out = { " " }(out)
moon-hand = { $player }{ $out }: { $tiles }
moon-common = common: { $tiles }
moon-won = { $player } won (MN-4)
moon-solved = the board is full: solved (MN-5)
moon-not-solved = the board is full, not solved: { $why }
moon-drawn = drawn: { $tile }
moon-left = { $tiles } left to draw
moon-places = { $player } places { $tile } on { $square }
moon-eliminated = ; { $player } cannot place and is out, their tiles are common (MN-4)
moon-drawn-next = ; { $tile } drawn next
moon-next = ; { $player } to move
moon-wins = ; nobody else can place: { $player } placed the last playable tile and wins (MN-4)
moon-full-solved = ; the board is full and every row and column shows five different moons and backgrounds: solved (MN-5)
moon-full-not-solved = ; the board is full but { $why }: not solved (MN-5)
moon-result = { $verdict } (MN-4)
moon-result-solved = won: the board is full and solved (MN-5)
moon-result-not-solved = lost: the board is full, not solved: { $why }
moon-not-yours = that tile is not yours to play here ({ $rule }): see your own page
moon-game-over = the game is already over ({ $player } won)
moon-player-out = { $player } is out of the game: they could not place a tile on an earlier turn
moon-out-of-turn = it is { $expected }'s turn, not { $player }'s
moon-tile-on-board = tile { $tile } is already on the board, at { $square }
moon-not-in-hand = tile { $tile } is not in { $player }'s hand nor common
moon-board-full = the board is already full
moon-not-next-draw = the next tile drawn is { $expected }, not { $tile }
moon-occupied = { $square } already holds { $other }; tiles on the board never move
moon-not-adjacent = { $tile } on { $square } touches no tile by a side; every tile must touch one
moon-moon-repeats = { $tile } on { $square }: its { $colour } moon repeats the moon at { $at } in the same { $line ->
    [row] row
   *[column] column
}
moon-background-repeats = { $tile } on { $square }: its { $colour } background repeats the background at { $at } in the same { $line ->
    [row] row
   *[column] column
}
moon-board-full-over = the board is full: the solitaire is over
moon-say-tile = the draw order is not in the record: say the tile too, e.g. `RV { $square }`
moon-no-seat = `{ $seat }` is not a seat: seats are { $seats }

## A rule's words beside its id: `NS-3 (tiles from the rack)` (the id is data)

rule-with-words = { $id } ({ $words })
rule-placing-words = placing words
rule-scoring-a-play = scoring a play
rule-over-sf6 = the game is over, SF-6
rule-over-df6 = the game is over, DF-6
rule-loose-contact = loose-contact
rule-clockwise = turns go clockwise
rule-start-from-zero = start-from-zero
rule-free-square = a free square of the grid
rule-card-from-hand = a card from your hand
rule-the-racks = the racks
rule-challenges = NS-5: challenges
rule-set-counts = NS-1: the set's counts
rule-record-scores = the record's scores
rule-tiles-from-rack = tiles from the rack
rule-first-word = the first word: two letters, on the star
rule-tile-set = the tile set
rule-placed-as-drawn = tiles are placed as they are drawn
rule-eliminated-out = eliminated players are out for good
rule-own-or-common = a player places their own or common tiles
rule-rule-6 = rule 6
rule-rule-5 = rule 5
rule-rule-4 = rule 4
rule-rule-3 = rule 3
rule-solitaire-ends = the solitaire ends with the board full, MN-5
rule-over-mu4 = the game is over, MU-4
rule-over-mo3 = the game is over, MO-3
rule-over-mn4 = the game is over, MN-4

## Quincunx

quincunx-expects-over = nothing: the match is over
quincunx-expects-announce = a card from the hand, a free cell and the score announced: `3MW c3 =12` (QX-10)
quincunx-expects = a card from the hand and a free cell: `3MW c3`
quincunx-round = round { $round }
quincunx-hand = { $player } ({ $total }): { $hand }
quincunx-pile = pile: { $cards }
quincunx-pile-order = pile: { $cards }, top first: { $order }
quincunx-over = the match is over
quincunx-not-yours = that card is not yours to play here ({ $rule }): see your own page
quincunx-final = final score: { $score }
quincunx-round-over = ; round { $round } over{ $full } (placements, cards left QX-3): { $scores }
quincunx-grid-full = , the grid is full
quincunx-rating = ; rating: { $band } (QX-11)
quincunx-match-over = ; the match is over: { $count ->
    [one] { $players } wins
   *[other] { $players } share the win
} with { $score }
quincunx-game-over = the match is already over
quincunx-no-player = there is no player { $n }
quincunx-out-of-turn = { $player } moved, but it is { $expected }'s turn
quincunx-on-grid = { $card } is already on the grid at { $cell }
quincunx-not-in-hand = { $player } does not hold { $card }
quincunx-off-grid = { $cell } is not on the grid
quincunx-occupied = { $cell } already holds { $card }
quincunx-no-contact = { $cell } touches no card on a side (start-from-zero asks orthogonal contact)
quincunx-too-long = a card on { $cell } would make a side of the grid longer than 5
quincunx-no-announcement = { $player } announced no score (sempliciotto)
quincunx-not-sempliciotto = scores are announced only with the sempliciotto option
quincunx-noticed-own = { $player } cannot notice their own announcement
quincunx-pile-unknown = { $player } draws { $draws } { $draws ->
    [one] card
   *[other] cards
} here, but the partial pile has { $known ->
    [0] no known cards
    [one] only 1 known card
   *[other] only { $known } known cards
} left: what is drawn is not written (QX-14)

## Domino della Frutta

domino-expects-place = a tile from the hand and its row: `M3 row 0` (or `M3 0`)
domino-expects-turn = , or once a game `turn TILE` (DF-5)
domino-expects-draw = no tile of the hand fits: `draw TILE` (the tile drawn from the set-aside pile; add its row if it fits) (DF-4)
domino-expects-out = no tile fits and the set-aside pile is empty: `out` (DF-4)
domino-expects-open = ; `open` calls open play (DF-4)
domino-row = row
domino-no-tile-yet = { "  " }(no tile laid yet: the first goes in row 0)
domino-turned = [..]: turned over (DF-5)
domino-out = { " " }(out)
domino-hand = { $player }{ $out }: { $tiles }
domino-aside = set aside: { $tiles }
domino-aside-shown = set aside: { $tiles }: { $shown }
domino-open = open play: every hand is shown (DF-4)
domino-lays = { $player } lays { $tile } in row { $row }
domino-turns = { $player } turns { $tile } over: nothing may touch it now (DF-5, once a game)
domino-draws-lays = { $player } draws { $tile } from the set-aside pile and lays it in row { $row } (DF-4)
domino-draws-keeps = { $player } draws { $tile } from the set-aside pile and keeps it (DF-4)
domino-draws-hidden = { $player } draws a tile from the set-aside pile and keeps it (DF-4)
domino-is-out = { $player } can neither place nor draw and is out (DF-4)
domino-calls-open = { $player } calls open play: every hand is shown from now on, and { $player } moves (DF-4)
domino-next = ; { $player } to move
domino-all-laid = ; { $players } laid all their tiles and wins (DF-6)
domino-fewest = ; nobody can play: tiles left { $left }; { $count ->
    [one] { $players } wins
   *[other] { $players } share the win
} with the fewest (DF-6)
domino-not-held = { $player } does not hold { $tile }
domino-not-yours = that tile is not yours to play here ({ $rule }): see your own page
domino-result = { $verdict } (DF-6); tiles left: { $left }
domino-side = { $side ->
    [left] left
    [right] right
    [above] above
   *[below] below
}
domino-game-over = the game is over: no more moves
domino-player-out = { $player } is out of the game (DF-4);
domino-out-of-turn = { $why }it is { $expected }'s turn
domino-already-open = open play has already been called
domino-open-too-early = open play may be called only from the second round on
domino-on-table = it is already on the table in row { $row }
domino-in-aside = it is in the set-aside pile
domino-held-by = { $player } holds it
domino-nobody = nobody holds it
domino-not-in-hand = { $player } does not hold { $tile }: { $where }
domino-first-row = the first tile laid defines row 0, so { $tile } goes in row 0, not { $row }
domino-occupied = row { $row } already has { $there } in the column of the { $number }s
domino-touches-turned = { $tile } in row { $row } would touch the turned-over { $neighbour } ({ $side }); nothing may be laid next to it
domino-not-in-scala = { $tile } in row { $row } would sit beside { $neighbour } ({ $side }): left-right neighbours must be the same fruit in scala
domino-no-match = { $tile } in row { $row } would match none of the tiles it touches, e.g. { $neighbour } ({ $side }): with loose-contact one touched tile must match (same fruit in scala left-right)
domino-not-touching = { $tile } in row { $row } would touch no tile (it goes in the column of the { $number }s)
domino-square = { $tile } in row { $row } would complete a 2x2 block of four tiles
domino-special-used = { $player } has already made their special move
domino-not-on-table = { $tile } is not on the table, so it cannot be turned over
domino-already-turned = { $tile } is already turned over
domino-special-needs-placeable = in open play the special move needs a tile the player could have placed
domino-draw-while-placeable = { $player } can place a tile, so may not draw
domino-not-set-aside = { $tile } is not in the set-aside pile
domino-drawn-placeable = the drawn { $tile } can be placed (e.g. in row { $row }), so it must be
domino-out-while-placeable = { $player } can place a tile, so is not out
domino-out-while-pile = { $left } set-aside tiles are left: a blocked player draws one

## Farfalia

farfalia-over = nothing: the match is over
farfalia-expects-dummy = a card from the dummy's face-up cards (`B11`)
farfalia-expects-card = a card (`B11`)
farfalia-expects-jolly = a jolly (`jolly F`, FA-9)
farfalia-expects-take = a card of the trick to collect (`take B11`, FA-3)
farfalia-expects-decline = `decline`
farfalia-expects-discard = the dealer's discard of { $count } (`discard B3 G5`)
farfalia-expects-trump = the dealer's trump (`trump O`, or `trump none`)
farfalia-expects-double = `double` or `single` (DoubleYou, FA-10)
farfalia-discard-masked = { $seat }:discard ({ $count } cards face down)
farfalia-dummy = { $player }'s dummy
farfalia-match-over = the match is over ({ $deals } deals): { $totals }
farfalia-deal = deal { $deal } of { $deals } ({ $format }), dealer { $dealer }; trump: { $trump }
farfalia-no-trump-yet = not chosen yet
farfalia-proposal = proposal: { $families }; tricks played: { $done } of { $tricks }
farfalia-trick = trick: { $cards }
farfalia-face-up-down = face up { $up }; face down { $down }
farfalia-face-up-count = face up { $up }; { $down } face down
farfalia-collected = ; collected { $cards }
farfalia-place = { "  " }{ $player } (side { $side }): { $hand }{ $collected }
farfalia-standings = standings: { $totals }
farfalia-to-move-dummy = { $place } to move: { $player } plays it
farfalia-plays = { $player } plays { $card }
farfalia-plays-jolly = { $player } plays the jolly of the { $family } (FA-9)
farfalia-takes = { $player } collects { $card } for the proposal (FA-3)
farfalia-declines = { $player } collects nothing
farfalia-discards = { $player } discards { $cards } face down
farfalia-names-trump = { $player } names the trump: { $trump }
farfalia-doubles = { $player } declares a DoubleYou jolly: their score this deal counts double (FA-10)
farfalia-single = { $player } plays no DoubleYou jolly
farfalia-burns = ; the jolly burns { $cards } (FA-9)
farfalia-trick-to = ; the trick goes to { $player }
farfalia-all-burned = ; every card burned: nobody wins the trick (FA-6)
farfalia-deal-over = ; the deal is over, scoring (FA-4): { $scores }
farfalia-won = ; the match is over: { $count ->
    [one] { $players } wins
   *[other] { $players } share the win
} (FA-11)
farfalia-not-yours = that card is not yours to play here ({ $rule }): see your own page
farfalia-result = { $verdict } (FA-11)
natura-no-seat-number = `{ $text }` does not start with a seat number from 1
natura-not-a-tile = `{ $tile }` is not a tile (a letter A-Z or ? for a jolly)
natura-not-a-direction = `{ $dir }` is not a direction (across or down)
natura-not-a-letter = `{ $letter }` is not a letter (A-Z, a-z for a jolly, . for a letter on the board)
natura-not-a-move = `{ $text }` is not a move: `1 H8 across CASA`, `1 exchange AE?`, `1 pass` or `2 challenge`
natura-not-a-square = `{ $text }` is not a square (a column A-O and a row 1-15, as H8)
moon-not-a-move = `{ $text }` is not a MOON move: write the seat, the tile and the square, e.g. `2 RV c4`
moon-not-a-seat = `{ $text }` is not a seat: seats are 1, 2, 3, 4
moon-not-a-tile = `{ $text }` is not a MOON tile (MN-1)
moon-not-a-square = `{ $text }` is not a square of the board (MN-1)
fruit-not-a-move = `{ $text }` is not a move: write the seat and the move, e.g. { $examples }
page-over-result = The game is over: { $result }
page-no-result = no result
page-strict-label = Strict table (GN-4): where the sheet punishes an illegal move (a MOON tile, a Farfalia revoke) it is recorded and judged; unticked, it is refused and the player tries again

## machine
page-machine = The machine plays seats
page-machine-placeholder = none, or 2,4 or 2:strong
page-machine-strength = at strength
