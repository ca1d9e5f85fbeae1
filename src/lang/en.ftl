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

## italian

# Farfalia's refusals (FA-*): what the move should have been.
farfalia-wants-double = a DoubleYou declaration (double or single)
farfalia-wants-discard = the dealer's discard
farfalia-wants-trump = the dealer's trump
farfalia-wants-play = a card played to the trick
farfalia-wants-collect = a collection choice (take a card or decline)
farfalia-wants-deal = the next deal
farfalia-game-over = the match is over; no move follows its last trick
farfalia-out-of-turn = { $player } moved, but it is { $expected }'s turn
farfalia-unexpected = { $player } is expected to make { $expected }
farfalia-not-held = { $player } does not hold { $card }
farfalia-not-held-dummy = { $player } does not hold { $card }, nor is it face up on their dummy
farfalia-face-down = { $card } lies face down on { $player }'s dummy: only its face-up cards are played
farfalia-dummy-turn = it is { $player }'s dummy's turn { $lead ->
    [lead] to lead (it won the last trick)
   *[play] to play
}: { $player } plays one of the dummy's face-up cards ({ $playable }), not { $card } from their own hand
farfalia-own-turn = it is { $player }'s own turn: { $card } is on their dummy, which plays in its own turn
farfalia-revoke = { $player } played { $card } but holds { $held } in the suit led ({ $suit }, { $led }): the suit led must be followed
farfalia-revoke-dummy = { $player } played { $card } from their dummy, which shows { $held } face up in the suit led ({ $suit }, { $led }): a dummy follows suit with its face-up cards
farfalia-jolly-lead = { $player } led a jolly: a jolly never leads a trick
farfalia-no-jolly = { $player } holds no jolly { $family } to play
farfalia-collect-early = { $player } collected from trick { $trick }: with 2-4 players nothing is collected from the first three tricks
farfalia-not-in-trick = { $player } collected { $card }, which is not in the trick just won
farfalia-burned = { $player } collected { $card }, which burned with the jolly
farfalia-not-proposed = { $player } collected { $card } ({ $family }), which the proposal does not ask for
farfalia-complete = { $player } collected { $card }, but the team already has every { $family } the proposal asks for
farfalia-discard-count = { $player } discarded { $count } { $count ->
    [one] card
   *[other] cards
}; the dealer discards { $wants }
farfalia-double-spent = { $player } has no DoubleYou jolly left (two per match)
farfalia-double-leader = { $player } leads the standings and may not play a DoubleYou jolly
farfalia-double-order = { $player } declared out of order: it is { $expected }'s turn to say double or single (the declarations go round from the dealer's left, the dealer last)
farfalia-double-late = { $player } declared after the declarations: a DoubleYou jolly is played before the deal starts
farfalia-trump-turned = { $player } named a trump, but in this deal the trump is turned from the first proposal card: it is { $trump }
farfalia-trump-suit = { $suit } ({ $name })
farfalia-trump-none-turned = none (a butterfly was turned)
farfalia-partner-collects = { $player } made the collection choice for the trick { $chooser } won: the winner chooses alone, without consulting their partner
farfalia-no-collection = { $player } made a collection choice, but the trick just played offers none: no card in it is one their side could keep
# Farfalia's notation, mistyped (the notation's words are data: `take`, `decline`, ...).
farfalia-bad-move = `{ $text }`: { $why }
farfalia-forms = write SEAT:CARD (2:B11), SEAT:take CARD, SEAT:decline, SEAT:jolly FAMILY, SEAT:discard CARD.., SEAT:trump SUIT|none, SEAT:double or SEAT:single
farfalia-no-seat = no seat; write SEAT:CARD (2:B11), SEAT:take CARD, SEAT:decline, SEAT:jolly FAMILY, SEAT:discard CARD.., SEAT:trump SUIT|none, SEAT:double or SEAT:single
farfalia-seat-number = the seat is a number from 1
farfalia-one-word = `{ $head }` takes one word
farfalia-trump-syntax = the trump is R, G, B, O or none
farfalia-discard-names = discard names the cards
farfalia-named-twice = { $card } is named twice
farfalia-no-card = `{ $head }` takes no card
farfalia-not-a-family = `{ $text }` is not a family: write F, R, G, B or O
farfalia-rank-range = `{ $text }`: ranks run 1 to 13
farfalia-not-a-card = `{ $text }` is not a card: write a suit letter (R, G, B, O) and a rank 1-13, like B11
# Scalafrutta (SF-*): the session, its refusals and explanations.
sf-not-a-player = `{ $who }` is not a player: the players are { $players }
sf-expects-recombine = { $player }'s combinations of all their tiles: `combinations M3 M4 M5 / B3 P3 U3`, `combinations` for none, or `best` (SF-2)
sf-expects-first = the first insertion of hand { $hand }: the tile drawn and where it goes in, e.g. `B4 top2`
sf-expects-insert = the tile drawn and where it goes in: `TILE top1..3|bottom1..3|left1..3|right1..3`, e.g. `B4 top2` (and `gift SEAT` when no edge tile matches)
sf-hand = hand { $hand }
sf-face-down = face down: { $count }
sf-face-down-shown = face down: { $count }: { $tiles }
sf-holding = { $player } ({ $total }): { $shown }
sf-over = the game is over (SF-6)
sf-inserts-takes = { $player } inserts { $tile } at { $at }; { $out } falls out and { $player } takes it
sf-inserts-gives = { $player } inserts { $tile } at { $at }; { $out } falls out and it goes to { $to } (SF-1)
sf-hand-opens = hand { $hand } opens; { $rest }
sf-declares = { $player } declares { $count } { $count ->
    [one] combination
   *[other] combinations
} scoring { $score }
sf-not-best = ; the best partition of their tiles scores { $best } (SF-5)
sf-ends-scalafrutta = ; hand { $hand } ends by Scalafrutta: { $player } holds all six { $fruit } (SF-4): { $scores }
sf-ends-few = ; hand { $hand } ends with fewer tiles going back than the players need (SF-2): { $scores }
sf-game-won = ; { $players } past 1001: the game is over, { $count ->
    [one] { $players } wins
   *[other] { $players } share the win
} (SF-6)
sf-pile-empty = ; the pile is empty: every player recombines all their tiles (SF-2)
sf-game-over = the game is over: a player has reached 1001
sf-hand-over = the hand is over: the next hand starts with an insertion
sf-out-of-turn = it is { $player }'s turn
sf-recombine-out-of-turn = it is { $player }'s turn to recombine (from the last to insert, { $last }, in turn order)
sf-recombine-first = the face-down pile is empty: every player recombines first, starting with { $player }
sf-recombine-too-early = players recombine only when the face-down pile is empty; { $count } { $count ->
    [one] tile is
   *[other] tiles are
} still face down
sf-in-square = it is face up in the square
sf-held-by = { $player } holds it
sf-not-face-down = it is not face down
sf-cannot-draw = { $tile } cannot be drawn: { $where }
sf-no-match = { $tile } does not match { $pushed } at { $at } (same number, or same fruit in scala); it can go at { $good }
sf-gift-not-allowed = { $tile } matches { $pushed }: the tile that falls out is the player's own, not a gift to { $player }
sf-gift-missing = no edge tile matches { $tile }: the tile that falls out must be given to an opponent (say which)
sf-gift-self = { $player } cannot give the tile to themselves: it goes to an opponent
sf-not-opponent = { $gift } is not an opponent of { $player }
sf-no-square = hand { $hand } needs its square (the setup deals none)
sf-square-mid-hand = a square goes only on the first insertion of hand 2, 3, ...; hand 1's is the setup's
sf-square-not-dealt = this square is not the one the deal gives for hand { $hand }
sf-bad-square = { $tile } is twice in the square
sf-not-an-insertion = `{ $text }` is not an insertion point: write top1..top3, bottom1..bottom3 (columns from the left) or left1..left3, right1..right3 (rows from the top)
sf-players = Scalafrutta is for 2-4 players, not { $n }
sf-too-few = a combination has at least 3 tiles, this one has { $count } (SF-3)
sf-too-many = { $count } tiles are too many: sets have at most 6 tiles, runs at most 5 (SF-3)
sf-repeated = { $tile } is listed twice
sf-mixed = the tiles are neither all of one number nor all of one fruit (SF-3)
sf-gap = a run needs consecutive numbers of one fruit (SF-3, FR-2)
sf-combination-error = combination { $n }: { $error }
sf-combination-not-held = combination { $n }: { $tile } is not among the player's tiles
sf-combination-twice = combination { $n }: { $tile } is listed twice (each tile in at most one combination, SF-2)
sf-combination-used = combination { $n }: { $tile } is already in combination { $first } (each tile in at most one, SF-2)
# Il Muro (MU-*): the session, its refusals and explanations.
muro-not-a-column = `{ $text }` is not a column: write a column 1-6, e.g. `3>5`
muro-top-face-down = the top of column `{ $column }` is face down: `turn { $column }` first
muro-column-empty = column `{ $column }` has no tile to move
muro-on-no-top = `{ $text }` is on no top: say where from, e.g. `{ $tile } 3>{ $to }`
muro-expects = a top tile moved (`B4 5`, `B4 new`, `B4 3>5`), a face-down top turned up (`turn 3`), or `stop`
muro-old-wall = old wall, bottom to top (## face down):
muro-new-wall = new wall:
muro-won = won: six piles complete (MU-4)
muro-stuck = lost: no move is left (MU-4)
muro-stopped = stopped
muro-result-won = won: six complete new-wall piles (MU-4)
muro-result-stuck = lost: no legal move is left and the new wall is not complete
muro-result-stopped = lost: the player stopped before the new wall was complete
muro-turns-up = column { $column } turns up { $tile }
muro-turns-up-nothing = column { $column } turns up
muro-onto-pile = onto its new-wall pile (MU-3)
muro-into-empty = into empty column { $column }
muro-onto-tile = onto { $tile } in column { $column }
muro-onto-face-down = onto the face-down top of column { $column }
muro-from-new-wall = from the new wall
muro-from-column = from column { $column }
muro-moves = { $tile } moves { $from } { $onto }
muro-stops = the player stops
muro-home = ; { $count } of 36 tiles on the new wall
muro-over-won = ; six piles complete: won (MU-4)
muro-over-stuck = ; no legal move is left: lost
muro-over-stopped = ; the game ends: not won
muro-not-a-place = `{ $text }` is not a place: write a column 1-6 or `new` (the new wall)
muro-unexpected = unexpected `{ $extra }` after the move; write `turn 3`, `B4 3>5` (from column 3 onto column 5), `B1 3>new`, `B3 new>5` or `stop`
muro-empty-move = the move is empty; write `turn 3`, `B4 3>5` (from column 3 onto column 5), `B1 3>new`, `B3 new>5` or `stop`
muro-turn-what = `{ $text }` names no column to turn; write `turn 3`, `B4 3>5` (from column 3 onto column 5), `B1 3>new`, `B3 new>5` or `stop`
muro-turn-new-wall = only a column of the old wall has face-down tiles to turn
muro-not-a-move = `{ $text }` is not a move; write `turn 3`, `B4 3>5` (from column 3 onto column 5), `B1 3>new`, `B3 new>5` or `stop`
muro-not-a-path = `{ $text }` is not `from>to`; write `turn 3`, `B4 3>5` (from column 3 onto column 5), `B1 3>new`, `B3 new>5` or `stop`
muro-place-missing = a place is missing: write a column 1-6 or `new` (the new wall) on each side of `>`
muro-column = column { $column }
muro-the-new-wall = the new wall
muro-over-already-won = the game is already won: six complete new-wall piles
muro-over-already-stuck = the game is already over: no legal move was left (the new wall is not complete)
muro-over-already-stopped = the game is already over: the player stopped
muro-no-column = there is no column { $column }: the wall has columns 1-{ $columns }
muro-turn-empty = column { $column } is empty: there is nothing to turn
muro-turn-face-up = the top of column { $column } is { $top }, already face up
muro-not-on-empty = { $tile } is not on column { $column }: the column is empty
muro-not-on-top = { $tile } is not on top of column { $column }: its top is { $top } (only the top tile of a column moves)
muro-not-on-top-hidden = { $tile } is not on top of column { $column }: its top is a face-down tile
muro-not-on-pile = { $tile } is not on top of the { $fruit } pile of the new wall: its top is { $top }
muro-no-pile = { $tile } is not on the new wall: there is no { $fruit } pile yet
muro-face-down = { $tile } on column { $column } is face down: turn it up first (`turn { $column }`)
muro-same-place = { $tile } would move from { $place } onto itself
muro-six = { $tile } is a 6: it goes only onto a face-down tile or into an empty column; the top of column { $column } is { $top }
muro-wrong-number = { $tile } may go only onto a face-up { $number } of another fruit; the top of column { $column } is { $top }
muro-same-fruit = { $tile } may not go onto { $top } on column { $column }: same fruit
muro-start-six-down = { $tile } cannot start the { $fruit } pile of the new wall: a pile starts with the 1 (or, in six-down, the 6)
muro-start = { $tile } cannot start the { $fruit } pile of the new wall: a pile starts with the 1 (the 6 only in variant six-down)
muro-pile-complete = the { $fruit } pile of the new wall is complete (its top is { $top })
muro-pile-descends = { $tile } cannot go onto { $top }: the { $fruit } pile descends, so its next tile is the { $number }
muro-pile-next = { $tile } cannot go onto { $top }: the { $fruit } pile of the new wall takes the { $number } next
muro-not-new-wall = { $tile } cannot go on the new wall
# Mosaico (MO-*): the session, its refusals and explanations.
mosaico-expects-aside = { $tile } fits nowhere: `aside` (MO-3)
mosaico-expects-cell = a cell for { $tile } next to a tile it matches: e.g. `c4`
mosaico-aside = set aside: { $tiles }
mosaico-to-draw = to draw: { $count }
mosaico-in-play-drawn = in play: { $tile } (drawn)
mosaico-in-play-aside = in play: { $tile } (set aside before, it fits now: it goes first (MO-3))
mosaico-won = won: all 36 tiles placed
mosaico-lost = lost: the draw is over and no set-aside tile fits
mosaico-result-won = won: all 36 tiles placed in the figure (MO-2)
mosaico-result-lost = lost: the draw is exhausted and no set-aside tile fits ({ $count } of 36 placed, MO-3)
mosaico-places = { $tile } goes on { $cell }; { $count } of 36 placed
mosaico-sets-aside = { $tile } fits nowhere and is set aside (MO-3)
mosaico-over-won = ; all 36 tiles placed: won
mosaico-over-lost = ; the draw is over and no set-aside tile fits: lost
mosaico-over-already-won = the game is over: all 36 tiles are placed
mosaico-over-already-lost = the game is over: the draw is exhausted and no set-aside tile fits
mosaico-must-place = { $tile } must be placed now: it was set aside and fits, and set-aside tiles go back as soon as possible, last set aside first
mosaico-next-drawn = the tile now in play is { $tile }, the next one drawn (tile { $number } of the draw)
mosaico-not-in-play = { $tile } is not the tile in play: { $why }
mosaico-fits = { $tile } fits (e.g. at { $cell }): a tile is set aside only when it fits nowhere
mosaico-outside = { $cell } is outside the 6x6 frame a1-f6: no row or column may hold 7 tiles
mosaico-occupied = { $cell } already holds { $tile }
mosaico-not-adjacent = { $cell } touches no tile: a tile goes next to a tile it matches
mosaico-no-match = { $tile } matches none of its neighbours at { $cell } (same number, or same fruit and one apart, FR-2)
mosaico-hard = { $tile } at { $cell } has { $count } neighbours but matches only one: in the hard variant it must match at least 2
mosaico-draw-twice = { $tile } is in the draw twice
mosaico-start-outside = start cell { $cell } is outside the 6x6 frame (MO-2)
mosaico-start-twice = start cell { $cell } is given twice
mosaico-row = row { $row }
mosaico-column = column { $column }
mosaico-start-clash = start cells { $a } and { $b } are both in { $line }: the six start tiles must take six different rows and six different columns of the frame (MO-5)
mosaico-not-a-move = `{ $text }` is not a Mosaico move: write the tile and the cell (`M2 a2`) or `aside` (`M3 aside`)
mosaico-not-a-cell = `{ $text }` is not a cell: write a file a-f and a rank 1-6, e.g. `c3`
fruit-not-a-tile = `{ $text }` is not a fruit tile: write a fruit letter (M P C U F B) and a number 1-6, e.g. `B4`
# Quincunx (QX-*): a placement's score, and the notation mistyped.
qx-base-draw = { $cell } draw (sum { $sum })
qx-base = base { $points } ({ $cells })
qx-pair = pair { $cells } { $points }
qx-run = run { $cells } { $points }
qx-set = set { $cells } { $points }
qx-ace-crown = Ace and Crown of { $suit } { $cells } { $points }
qx-colour-line = { $suit } line { $cells } { $points }
qx-colour-square = { $suit } square { $cells } { $points }
qx-draw-cards = draw { $count } { $count ->
    [one] card
   *[other] cards
}
qx-nothing = nothing
qx-scores = { $card } on { $cell } scores { $points }: { $what }
qx-move-note = move { $number }: { $text }
qx-placement = { $player } { $text }
qx-drew-cards = ; { $tense ->
    [past] drew
   *[now] draws
} { $cards }
qx-drew-count = ; { $tense ->
    [past] drew
   *[now] draws
} { $count } { $count ->
    [one] card
   *[other] cards
}
qx-draws-lost = ; { $count } draw(s) lost, the pile is empty (QX-6)
qx-announced = ; announced { $score }
qx-noticed-steals = , noticed by { $noticer }: { $player } scores { $credited } and { $noticer } takes { $taken } (QX-10)
qx-noticed = , noticed by { $noticer }: { $player } scores { $credited } (QX-10)
qx-not-noticed = , not noticed: it stands (QX-10)
qx-bad-move = { $what } in '{ $text }' (a move is written `p1 3MW c3`, with sempliciotto `p1 3MW c3 =12 !p2`)
qx-two-announcements = two announcements
qx-announced-not-number = the announced score is not a number
qx-two-noticers = two noticers
qx-no-noticer = no noticing player
qx-missing-parts = missing parts
qx-no-player = `{ $text }` is no player (p1, p2, ...)
qx-no-cell = `{ $text }` is no cell (a column letter and a row number, as c3)
# `tavolo check`: a record's verdict (the record's own words, codes and rule ids are data).
check-unreadable = { $file }: unreadable
check-complete = { $file }: legal and complete, { $moves }
check-so-far = { $file }: legal so far, { $moves }
check-so-far-to-move = { $file }: legal so far, { $moves }; { $player } to move
check-illegal = { $file }: illegal at move { $number } of { $moves }
check-illegal-move = move { $number } by { $player }: { $rule }: { $message }
check-note = note: { $note }
check-annulled = annulled
check-lose = { $players } { $count ->
    [one] loses
   *[other] lose
}
check-solved = solved
check-not-solved = not solved
check-result = result: { $parts } ({ $reason })
check-summary = { $records } { $records ->
    [one] record
   *[other] records
}: { $legal } legal, { $illegal } illegal, { $unreadable } unreadable

## phone
page-title-moon = MOON
page-title-natura = Natura Shakerata
page-title-farfalia = Farfalia
page-title-quincunx = Quincunx
page-title-domino = Domino della Frutta
page-title-scalafrutta = Scalafrutta
page-title-muro = Il Muro
page-title-mosaico = Mosaico
page-move-short = your move
page-pass = Pass
page-exchange = Exchange
page-challenge = Challenge
page-position-text = Position as text
page-moves-count = Moves ({ $count })
page-legend = Premium squares
page-legend-tw = triple word
page-legend-dw = double word
page-legend-tl = triple letter
page-legend-dl = double letter
page-tap-pieces = Tap a piece, then a square, or type the move.
page-tap-words = Tap a square, across or down, then your tiles (· a letter already on the board).
page-tap-cards = Tap a card or tile of yours, or type the move.
page-tap-exchange = Tap the tiles to exchange, then Play.
page-tap-across = across
page-tap-down = down
page-tap-clear = clear
page-jolly-asks = The jolly stands for which letter?
page-your-pieces = Your pieces

## machine
page-machine = The machine plays seats
page-machine-placeholder = none, or 2,4 or 2:strong
page-machine-strength = at strength
page-machine-random = random moves
page-machine-greedy = greedy: the best score now
page-machine-strong = strong: looks ahead

## phone: taps on every picture, the last trick, the boards' legends (issue 47)
page-tap-zoom = Tap the board to bring a part of it closer, then a square.
page-tap-whole = whole board
page-tap-drawn = Tap the tile you drew, then where it goes in.
page-jolly-pick = The jolly stands for:
farfalia-last-trick = last trick: { $cards }
table-legend-head = Legend:
table-legend-natura = = triple word, - double word, " triple letter, ' double letter, . an empty square; a lower-case letter is a jolly
table-legend-moon = . an empty square
table-legend-quincunx = . an empty cell
table-legend-mosaico = . an empty cell; M apples, P pears, C watermelons, U grapes, F strawberries, B bananas
table-legend-muro = ## a tile face down; M apples, P pears, C watermelons, U grapes, F strawberries, B bananas
table-legend-scalafrutta = M apples, P pears, C watermelons, U grapes, F strawberries, B bananas; top1..right3 where a tile goes in
table-legend-domino = M apples, P pears, C watermelons, U grapes, F strawberries, B bananas
table-legend-farfalia = R red, G green, B blue, O orange, then the card's number

## kits: print kits IV (issue 45)
kit-undefined-name = template error: `{ $name }` is undefined
kit-template-sees = a template sees the item's fields, `data`, `options`, `kit`, `component`, `w`, `h` and `index`
kit-did-you-mean = did you mean `{ $near }`? { $rest }
kit-lang-missing = `{ $field }` has no text in `{ $lang }`, one of the kit's languages
kit-lang-missing-help = give `{ $field }.{ $lang }` beside the other languages' (a column `{ $field }.{ $lang }` in a sheet; `{ $field }.{ $lang } = "..."` in the TOML)
kit-lang-unknown = `{ $field }` ends in a language the kit does not list: its languages are { $languages }
kit-lang-none = `{ $field }` names a language, and the kit lists none
kit-lang-none-help = a kit in several languages lists them in its options, the first the default: `[options]` `lang = ["it", "en"]`
kit-lang-option = option `lang` lists the kit's languages: `lang = ["it", "en"]`, the first the default
kit-lang-code = `{ $code }` is not a language code such as `it`, `en` or `pt-BR` (it goes into the file names)
kit-title-text = `title` is a text, or one per language (`title.it = "..."`, `title.en = "..."`)
kit-lang-not-in = kit `{ $kit }` is not in `{ $lang }`: its languages are { $languages }
kit-lang-not-in-help = leave out --lang to print each of them, or choose one with `--option lang={ $first }`
kit-text-too-long = `{ $text }` does not fit a { $w } x { $h } mm box at { $pt } pt ({ $mm } mm) or more, on any number of lines
kit-text-too-long-help = shorten the text, widen its box, or give fit_text a smaller fifth argument (the smallest size, in mm)
kit-text-in-field = field `{ $field }`: { $message }

## italian: events (results, standings, crosstables, slips, sheets). Column and criterion
## names in the text are the description's own words in English.
count-players = { $count } { $count ->
    [one] player
   *[other] players
}
ev-event-line = event: { $event }
ev-paired = { $pairing } over { $rounds } rounds
ev-pairing-swiss = swiss
ev-pairing-round-robin = round-robin
ev-section-line = section { $section }: { $game } ({ $variant }), { $players }{ $paired }
ev-records-count = records: { $count }
ev-record-line = board { $board }, table { $table }{ $round }: { $file }: { $players }
ev-record-round = (round { $round })
ev-state-slip-only = a score slip, no record
ev-counts = { $state }; counts { $how }: { $seats }
ev-left-out-why = { $state }; left out ({ $why })
ev-left-out-plain = { $state }; left out
ev-left-out = left out
ev-slip-line = board { $board }, table { $table }: the score slip: { $slip }
ev-slip-agrees = agrees
ev-bye-line = round { $round }: bye for { $player } (a win)
ev-missing-head = missing results ({ $count }: each counts nothing until it is handed in):
ev-board-head = board { $board }, compared at { $tables } { $tables ->
    [one] table
   *[other] tables
} (top { $top } matchpoints a seat):
ev-board-seat = { $seat } { $result }: { $matchpoints } mp{ $percent }
ev-board-table = table { $table }: { $seats }
ev-standings-head = standings ({ $provisional }by { $criteria }):
ev-then = then
ev-provisional = provisional, { $count } { $count ->
    [one] result
   *[other] results
} missing
ev-col-rank = rank
ev-col-player = player
ev-col-played = played
ev-col-wins = wins
ev-col-spread = spread
ev-col-points = points
ev-col-percent = percent
ev-col-solved = solved
ev-col-moves = moves
ev-col-head-to-head = head-to-head
ev-col-buchholz = buchholz
ev-col-median-buchholz = median-buchholz
ev-col-sonneborn-berger = sonneborn-berger
ev-col-cumulative = cumulative
ev-col-round = round
ev-col-board = board
ev-col-table = table
ev-col-seat = seat
ev-col-opponent = opponent
ev-col-result = result
ev-col-players = players
ev-col-verdict = verdict
ev-col-counts = counts
ev-col-matchpoints = matchpoints
ev-title-median-buchholz = Median Buchholz
ev-title-sonneborn-berger = Sonneborn-Berger
ev-title-mp = MP
ev-verdict-complete = complete
ev-verdict-legal-so-far = legal-so-far
ev-verdict-illegal = illegal
ev-verdict-score-slip = score slip
ev-verdict-slip-agrees = { $verdict }, slip agrees
ev-verdict-slip-disagrees = { $verdict }, slip disagrees
ev-status-unreadable = unreadable
ev-status-tampered = tampered
ev-status-wrong-board = wrong-board
ev-status-wrong-event = wrong-event
ev-result-won = won
ev-result-tied = tied
ev-result-lost = lost
ev-result-solved = solved in { $moves } moves
ev-result-not-solved = not solved ({ $moves } moves)
ev-result-points = { $points } ({ $outcome })
ev-missing-no-game = round { $round }: no game of { $players }
ev-missing-game = round { $round }, table { $table }, board { $board }: { $players }
ev-how-finished = as finished
ev-how-rules = as the rules decide ({ $reason })
ev-how-before-illegal = as played before the illegal move
ev-how-loss-illegal = as a loss for { $player }, who made the illegal move
ev-how-so-far = as played so far
ev-how-loss-to-move = as a loss for { $player }, to move
ev-how-slip = from the score slip's last totals
ev-why-annulled = annulled: { $reason }
ev-why-not-counted = { $status }: not counted
ev-why-no-move = no move played: the game is missing
ev-slip-without-record = a score slip without its record
ev-slip-not-checked = not checked: the record is not its board's
ev-illegal-move = move { $number } by { $player }: { $message } ({ $rule })
ev-cross-won = W
ev-cross-tied = T
ev-cross-lost = L
ev-cross-bye = bye
ev-cross-round = r{ $round }
ev-cross-round-title = R{ $round }
ev-cross-key = W won, L lost, T tied against the line number; ? missing; x not counted
ev-cross-head = crosstable ({ ev-cross-key }):
ev-cross-title = Crosstable
ev-cross-note = { ev-cross-key }.
ev-card-not-counted = not counted
ev-card-bye = bye (a win)
ev-card-missing = missing
ev-scorecard-head = scorecard of { $name }, section { $section }:
ev-meta-line = { $algorithm } · description SHA-256 { $sha }
ev-public-value = public value: { $value }
ev-section-title = Section { $section }: { $game } ({ $variant }){ $paired }
ev-section-title-players = Section { $section }: { $game } ({ $variant }), { $players }{ $paired }
ev-standings-title = Standings
ev-ranked-by = Ranked by { $criteria }.
ev-bye-note = Round { $round }: bye for { $player } (a win).
ev-provisional-note = Provisional: { $count } { $count ->
    [one] result
   *[other] results
} missing, each counting nothing until it is handed in.
ev-board-title = Board { $board }
ev-board-note = Compared at { $tables } tables; MP: matchpoints, of a top of { $top }.
ev-records-title = Records
ev-slip-note = Board { $board }, table { $table }: the score slip: { $slip }
ev-pdf-results = { $event }: results
ev-pdf-page = { $footer } - page { $page } of { $pages }
ev-pdf-board = Board { $board }: compared at { $tables } tables, top { $top } matchpoints a seat
ev-pdf-records = Records: { $count }
ev-slips-footer = { $event }: score slips
ev-slip-title = { $event } - score slip
ev-slip-at-round = Round { $round }, board { $board }, table { $table }
ev-slip-at = Board { $board }, table { $table }
ev-slip-seed = { $game } ({ $variant }), board seed { $seed }
ev-slip-moves-first = moves first
ev-slip-running = Each player's total after each of their own moves:
ev-slip-circle = The result (circle one):
ev-slip-solitaire = { $name }:   solved  /  not solved,   in ______ moves
ev-slip-outcome = { $name }:   won  /  tied  /  lost
ev-slip-signed = signed: { $name }
ev-slip-rows = Rows are the players' own moves in turn ({ $rows } here); go on overleaf if the game runs longer.
ev-seat-n = Seat { $n }
ev-status-slip = slip
sheets-not-drawable = tavolo cannot draw { $game } deal sheets yet
sheets-record-head = { $title }: { $game } ({ $variant }), { $algorithm } board { $board }
sheets-seed = seed { $seed }
sheets-slip-head = { $title } - { $seat } ({ $count } pieces)
sheets-board-title = { $event }, board { $board }
slip-total-differs = { $name }'s total after their move { $number } is { $slip } on the slip, { $record } in the record's replay (move { $mv } of the record)
slip-total-beyond = the slip has a total after { $name }'s move { $number }, but the record has only { $moves } of their moves
slip-row-beyond = the slip's row { $row } is a deal the record does not have: its replay changes the totals { $times } times
slip-row-differs = { $name }'s total in the slip's row { $row } is { $slip } on the slip, { $record } in the record's replay (after move { $mv })
slip-final-differs = { $name }'s final total is { $slip } on the slip, { $record } in the record's replay (after the end adjustment)
slip-last-differs = { $name }'s last total is { $slip } on the slip, but the record ends at { $record }: write the totals after the end adjustment under [final]

## italian: the table server's refusals (serve/routes.rs)
serve-refused-out-of-turn = Refused, out of turn: this page showed the game after { $at } moves, and it stands at { $now } now (another tablet was quicker). Look at the position again.
serve-refused-over = Refused: the game is over.
serve-refused-not-this-page = Refused, not this page's move: { $why }.
serve-not-resigned = Not resigned: { $why }.
serve-nothing-to-take-back = Nothing to take back: no move yet.
serve-no-undo-request = No request to take a move back.
serve-not-written = the record could not be written: { $error }

## italian: the event's director's page, standings wall and seats' sheet (serve/club)
club-forbidden = Forbidden
club-wrong-key = this link's key does not open the director's page: it is printed when the server starts
club-not-found = Not found
club-no-such-page = no such page of the event
club-no-token = the form lacks its page's token: reload the director's page and send it again
club-slip = the score slip: { $slip }
club-not-counted = not counted: { $why }
club-on-paper = { $result } (on paper)
club-not-started = not started
club-playing = playing, { $count } moves
club-over = over
club-the-director = the director
club-the-standings = the standings
club-seats-link = the seats' links to print (QR codes)
club-results-unread = The results do not read: { $why }
club-section-round = Section { $section }: { $game } — round { $round } of { $rounds }
club-col-state = state
club-col-actions = actions
club-the-table = the table
club-none-missing = No result is missing.
club-missing-head = Missing results ({ $count })
club-pair-round = Pair round { $round }
club-pair-when = when every table of the round is over
club-director-title = { $event } · director
club-running-totals = { $player }'s running totals
club-paper-moves = The paper's moves, one a line
club-reopen = Re-open
club-paper-result = paper result
club-enter = Enter
club-round-of = round { $round } of { $rounds }
club-provisional = Provisional: { $count } { $count ->
    [one] result
   *[other] results
} missing ({ $tables })
club-table-n = table { $table }
club-standings-title = { $event } · standings
club-seats-head = { $event }: the seats' links
club-seats-how = Print, cut along the dashes, hand each player theirs: the code opens that seat's page (their own hand) and no other.
club-seat-where = table { $table }, board { $board }, seat { $seat }
club-seats-title = { $event } · seats

## italian: what the commands say they wrote (cli/out.rs), and `event deal`'s text
out-wrote = wrote { $path }
out-wrote-what = wrote { $path } ({ $what })
out-wrote-records = wrote { $count } { $count ->
    [one] record
   *[other] records
} into { $dir }
out-what-slip = the score slip
out-what-description = the description: publish it now
out-what-commitment = the commitment: publish it now
out-what-key = the key: keep it secret until the event is over
out-what-sheets = the deal sheets
out-what-slips = the score slips
out-what-ratings = the ratings
out-what-winning-line = the winning line
out-what-best-line = the best line found, not proved best
out-what-game-record = the game's record
out-what-deal-record = the deal's record, ready for the moves
deal-algorithm-line = algorithm: { $event } over { $deal }
deal-sha-line = description-sha256: { $sha }
deal-board-line = board { $board }: { $game } ({ $variant }), { $players }
deal-seed-line = seed: { $seed }
round-head = section { $section }: { $game }, { $pairing }, round { $round } of { $rounds }: { $count ->
    [one] board
   *[other] boards
} { $boards }
round-table = table { $table }: { $first } v { $second }
round-sits-out = sits out: { $player }
round-bye = bye: { $player }
round-first-named = the first named at each table has the first seat and moves first

## italian: the deal sheets' and deals' labels (each game's draw.rs)
sheet-moon-centre = centre (c3)
sheet-moon-draw = { $player }'s draw, in order (face down)
sheet-moon-draw-line = draw
sheet-natura-every-player = round 1, every player
sheet-of-round = { $what }, round { $round }
sheet-quincunx-grid = face up on the grid ({ $cells }; { $dealer } deals)
sheet-quincunx-pile = the pile, top first
sheet-of-deal = { $what }, deal { $deal }
sheet-farfalia-proposal = the proposal ({ $dealer } deals)
sheet-farfalia-dealer = { $player } (dealer)
sheet-farfalia-dummy-down = { $player }'s dummy, face down left to right
sheet-farfalia-dummy-up = { $player }'s dummy, face up on them, and the last beside

## italian: the errors users meet most (a missing file, a bad record, an unknown game)
io-not-found = No such file or directory
io-permission-denied = Permission denied
io-is-a-directory = Is a directory
error-did-you-mean = did you mean `{ $name }`? { $rest }
error-unknown-game = unknown game `{ $name }`
error-the-games = the games are: { $games }
record-the-record = the record
record-move-n = move { $number }
record-missing-field = { $what } has no `{ $key }`
record-unknown-field = unknown field `{ $name }` in { $what }
record-fields-here = the fields here are: { $fields }
record-wrong-type = { $what } must be { $expected }, not { $found }
record-out-of-range = { $what } must be from { $low } to { $high }, not { $found }
record-a-string = a string
record-an-integer = an integer
record-a-float = a float
record-a-boolean = a boolean
record-a-date = a date
record-an-array = an array
record-a-table = a table

## italian: `tavolo score` (Natura Shakerata, Quincunx) and the lexicon it names
lex-unchecked = words not checked: { $why }
lex-inline = lexicon: the record's { $count } words
lex-by-lexicon = (chosen with --lexicon)
lex-by-mode = (chosen with --lexicon-mode)
lex-mode = { $mode } mode (NS-9)
lex-lists = lexicon: { $lists }{ $mode }{ $by }
lex-in-list = in the lexicon: { $list }
lex-in = in the lexicon
lex-not-in = not in the lexicon
score-rack-bonus = +{ $bonus } for the whole rack (the sheet: 50/40/30 for 7/6/5 tiles)
score-total = total { $points } points
qx-score-total = total { $points } points, { $draws } card(s) to draw
qx-best-head = best placements of { $cards } on { $cells } free cells ({ $variant }):
qx-best-on = { $card } on { $cell }
qx-best-draw = draw { $count }
qx-kind-base = base
qx-kind-pair = pair
qx-kind-run = run
qx-kind-set = set
qx-kind-ace-crown = ace-crown
qx-kind-colour-line = colour-line
qx-kind-colour-square = colour-square
lex-why-none-installed = no Italian word list is installed (NS-2)
lex-why-record-none = the record says `lexicon = "none"`
lex-why-english = an english game; tavolo's lexicons are Italian (NS-8)
lex-why-polish = a polish game; tavolo's lexicons are Italian (NS-8)
serve-no-picture-here = No picture on this page: this game's picture shows every holding (the director's page has it).
serve-no-picture = No picture: { $why }
serve-link-table = the table (what everyone may see)
serve-link-seat = seat { $n }, { $player }

## rules: `tavolo rules` in Italian (issue 42)
rules-untranslated = This page is not translated into your language yet; here it is in English.
rules-index-more = `tavolo rules NAME` prints a page: { $pages }; `tavolo rules ID` prints one ruling, e.g. `tavolo rules MN-3`.
rules-untranslated-ruling = This ruling is not translated into your language yet; here it is in English.

## machine: the machine seat's errors, and its thinking (issue 43)
machine-not-a-seat = `{ $seat }` is not a seat: the seats are numbered 1 to { $players }
machine-seat-twice = seat { $seat } is named twice
machine-no-seats = name the seats the machine plays: `2`, `2,4` or `2:strong,4:random`
machine-not-a-strength = `{ $text }` is not a strength: { $strengths }
machine-no-strength = `{ $text }` names no strength: write it `seat:strength`, as `2:greedy`
machine-record-bad = [session] machine: { $why }
machine-record-help = the session writes [session] machine as "2:greedy"; { $game } offers { $strengths }
machine-not-at-table = seat { $seat } is not at this table: the seats are numbered 1 to { $players }
machine-not-offered = the machine cannot play { $game } at `{ $strength }`: it plays it only at { $strengths }
machine-option-bad = --machine: { $why }
machine-no-player = this table has no machine player
machine-thinking = { $player } (the machine, { $strength }) is thinking…
page-machine-thinking = { $player_html } to move: the machine is thinking…
