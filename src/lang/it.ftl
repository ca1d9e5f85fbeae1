# Le parole di tavolo in italiano: un messaggio per ogni messaggio di en.ftl, con gli stessi
# argomenti (docs/lang.md). I dati (codici dei pezzi, nomi, parole, regole, codici
# d'errore) arrivano come argomenti e non si traducono.

## Conteggi

count-tiles = { $count } { $count ->
    [one] tessera
   *[other] tessere
}
count-cards = { $count } { $count ->
    [one] carta
   *[other] carte
}
count-moves = { $count } { $count ->
    [one] mossa
   *[other] mosse
}
player-n = giocatore { $n }
word-or = oppure
and-join = { $first } e { $last }

## La sessione (ogni gioco, ogni vista)

verdict-nobody = nessuno vince
verdict-wins = vince { $player }
verdict-share = vincono a pari merito { $players }
verdict-final = { $verdict }; punteggi finali: { $scores }
unseen-refusal-seat = mossa non valida qui ({ $rule })
unseen-refusal-table = mossa non valida qui ({ $rule }); ciò che serve per giudicarla è nascosto al tavolo: guarda la tua pagina
session-ended-answer = la partita è finita: `annulla` toglie la mossa che l'ha chiusa
session-no-hint = niente suggerimenti qui: un suggerimento mostra la mano di chi è di turno, quindi si dà solo sulla pagina di quel posto (--seat NOME) o al direttore (--director)
session-no-hint-over = niente suggerimenti: la partita è finita
to-move = turno di { $player }
session-over = la partita è finita
session-expects-nothing = niente: la partita è finita
session-over-head = la partita è finita: { $result }
session-resigns = { $player } abbandona (GN-4)
session-nothing-to-resign = la partita è finita: non c'è nulla da abbandonare
session-cannot-resign = { $player } è già fuori dalla partita: non c'è nulla da abbandonare (GN-4)
session-no-strict = { $game } ({ $variant }) non ha una regola che punisca subito una mossa irregolare, quindi il suo tavolo non può essere rigoroso (GN-4)
session-strict-explained = { $refusal }: { $reason } (tavolo rigoroso, GN-4)
hint-legal-moves = mosse valide
hint-natura-lists = mosse oltre alle parole

## `tavolo table`: il terminale

table-head = { $game } ({ $variant }): { $players }
table-record = registro: { $file }
table-record-twin = (e { $path } in formato { $format })
table-so-far = ({ $moves } finora)
table-hidden-note = ciò che nessuno al tavolo può vedere è nascosto (--director lo mostra)
table-type-a-move = scrivi una mossa, oppure `aiuto`
table-to-move = turno di { $player }: { $expects }
table-over-prompt = la partita è finita: annulla, mostra, salva o esci
table-resigned = mossa { $number }, { $player }: abbandona (GN-4)
table-not-resigned = abbandono non registrato: { $why }
table-resign-stranger = `{ $name }` non è tra i giocatori: { $players }
table-resign-seat = da questo posto può abbandonare solo { $player }
table-recorded-strict = registrata (tavolo rigoroso, GN-4): mossa { $number }, { $player }: { $move } viola { $rule } [{ $code }]: { $message }
table-legal = mossa { $number }, { $player }: { $move }: valida. { $explanation }
table-refused = rifiutata (non registrata): mossa { $number }, { $player }: { $move } viola { $rule } [{ $code }]: { $message }
table-legal-instead = valide invece: { $moves }
table-not-a-move = non è una mossa (colonna { $column }): { $message }
table-undo-two = per annullare la mossa { $number }, di { $player }, servono l'accordo di { $player } e di un altro giocatore: `annulla { $player } { $other }` (la sessione del direttore, --director, annulla da sola)
table-undo-one = per annullare la mossa { $number } serve il consenso di { $player }: `annulla { $player }`
table-undo-stranger = `{ $name }` non è tra i giocatori; { $how }
table-not-taken-back = mossa non annullata: { $why }
table-nothing-to-undo = niente da annullare: nessuna mossa finora
table-took-back = annullata la mossa { $number }, { $player }: { $move }
table-nothing-to-redo = niente da rifare
table-hint-best = la migliore: { $move }
table-hint-no-best = nessuna mossa migliore: { $note }
table-hint-list = { $lists } ({ $count }): { $moves }
table-hint-more = ... (altre { $count })
table-help-head = una mossa come la scrivono i registri, o in forma breve:
table-help-commands = comandi: annulla [NOME ALTRO], rifai, suggerisci, posizione, mosse, abbandona [NOME], mostra [FILE], salva [FILE], aiuto, esci
table-scores = punteggi: { $scores }
table-no-move-yet = nessuna mossa finora
table-saved = salvato { $file }
table-drew = disegnato { $file }
table-no-picture = attenzione: nessuna immagine: { $error }
table-over-end = partita finita: { $result }; { $count } { $count ->
    [one] mossa registrata
   *[other] mosse registrate
} in { $file }
table-not-finished = partita non finita: { $count } { $count ->
    [one] mossa registrata
   *[other] mosse registrate
} in { $file }; `tavolo table --resume { $file }` la riprende
table-fresh-seed = nota: un seme nuovo dal sistema operativo; è nella sezione [deal] del registro

## Forme brevi al tavolo (che cosa vuol dire ciascuna)

short-moon-place = chi è di turno posa RV su c4 (la notazione è `2 RV c4`)
short-moon-square-first = lo stesso, prima la casella
short-moon-solitaire = solitario: la tessera appena pescata va su c4 (la notazione è `RV c4`)
short-quincunx-place = chi è di turno mette 3MW nello spazio c3 (la notazione è `p1 3MW c3`)
short-quincunx-full-name = una carta con il suo nome intero
short-quincunx-announce = sempliciotto: annunciato 12, e il giocatore 2 ha notato un annuncio sbagliato (QX-10)
short-farfalia-play = chi è di turno gioca B11 (dalla propria mano o da quella del morto; la notazione è `3:B11`)
short-farfalia-take = raccoglie B11 dalla presa appena vinta (FA-3)
short-farfalia-decline = non raccoglie nulla dalla presa appena vinta
short-farfalia-discard = lo scarto del mazziere
short-farfalia-trump = la briscola del mazziere (`trump none`: senza briscola)
short-farfalia-double = DoubleYou: dichiara un jolly (`single`: no, FA-10)
short-farfalia-jolly = Burnin': gioca il jolly di una famiglia (FA-9)
short-natura-place = chi è di turno gioca CASA da H8 (la notazione è `1 H8 across CASA`)
short-natura-letter = lo stesso: `a` orizzontale, `d` verticale
short-natura-dir-last = lo stesso, la direzione in fondo
short-natura-word = nella parola: minuscola un jolly, `.` una lettera già sul tabellone
short-natura-exchange = rimette nel sacchetto A, E e un jolly (`?`)
short-natura-italian = lo stesso: `o` o `orizzontale`, `v` o `verticale`; anche `cambio`, `passo`, `sfida`
short-natura-gcg = come lo scrive il GCG: prima la riga in orizzontale (`8H`), prima la colonna in verticale (`H8 CASA`)
short-natura-pass = passa
short-natura-challenge = contesta la giocata appena fatta (NS-5)
short-domino-lay = chi è di turno depone M3 nella riga 0 (la notazione è `1: tile M3 row 0`; anche `M3 riga 0`)
short-domino-same = lo stesso
short-domino-one-row = M3 nell'unica riga in cui può stare, quando ce n'è una sola
short-domino-turn = la mossa speciale: rovescia M3 (DF-5; anche `rovescia M3`)
short-domino-draw = F4 pescata tra le tessere accantonate e tenuta in mano (`pesca F4 0`: deposta nella riga 0)
short-domino-out = niente da deporre né da pescare: eliminato (DF-4; anche `fuori`)
short-domino-open = chiede il gioco a tessere scoperte (DF-4; anche `scoperte`); poi muove lo stesso giocatore
short-mosaico-place = la tessera in gioco va in a2 (la notazione è `M2 a2`)
short-mosaico-aside = la tessera in gioco viene messa da parte (`M3 aside`, MO-3)
short-muro-move = sposta B4 dalla cima su cui si trova alla colonna 5 (la notazione è `B4 3>5`)
short-muro-new = sposta B4 sul suo mucchio del nuovo muro (`B4 3>new`)
short-muro-top = sposta la tessera in cima alla colonna 3 sulla colonna 5
short-scalafrutta-insert = chi è di turno inserisce la B4 pescata in top2 (la notazione è `1: B4 top2`)
short-scalafrutta-gift = nessuna tessera del bordo corrisponde: la tessera che esce va a P2 (per nome o posto)
short-scalafrutta-combinations = le combinazioni di chi ricombina (`combinations` da solo: nessuna)
short-scalafrutta-best = chi ricombina dichiara la suddivisione migliore (SF-5)

## Natura Shakerata

natura-across = orizzontale
natura-down = verticale
natura-rack = { $player } { $score }: { $rack }
natura-bag = sacchetto: { $tiles }
natura-bag-order = sacchetto: { $tiles }, nell'ordine di pesca: { $order }
natura-over = la partita è finita: { $scores }
natura-expects-word = una parola (`H8 o CASA`)
natura-expects-exchange = , uno scambio (`cambio AE?`)
natura-expects-pass = , `passo`
natura-expects-challenge = , oppure `sfida` per contestare la giocata appena fatta (NS-5)
natura-scores = { $player } fa { $points ->
    [one] 1 punto
   *[other] { $points } punti
}: { $words }
natura-bonus = ; +{ $bonus } per aver usato tutte le tessere del leggio
natura-may-challenge = : { $player } può contestarla con `sfida`
natura-missing = ; non nel lessico: { $words }; resta valida se non viene contestata{ $next } (NS-5)
natura-exchanges = { $player } cambia tessere (NS-3)
natura-exchanges-count = { $player } cambia { $tiles } (NS-3)
natura-passes = { $player } passa
natura-withdrawn = contestazione: { $words } non è nel lessico, quindi la giocata di { $player } viene ritirata e { $points ->
    [one] il suo punto tolto
   *[other] i suoi { $points } punti tolti
} (NS-5)
natura-penalty = { " " }e fa { $penalty ->
    [one] 1 punto
   *[other] { $penalty } punti
} in più (penalità della contestazione)
natura-upheld = contestazione: tutte le parole sono nel lessico, la giocata di { $player } resta valida{ $more } (NS-5)
natura-end-out = { $player } ha giocato l'ultima tessera con il sacchetto vuoto
natura-end-passes = tutti i giocatori hanno passato (o cambiato) per tre turni di fila
natura-end = ; fine della partita ({ $how }): tessere rimaste sui leggii { $adjusted } (NS-4); punteggi finali { $scores }
natura-instead-word = una parola con le tessere del leggio { $rack } (`suggerisci` trova la migliore)
natura-word-times = , parola x{ $factor } = { $score }
natura-game-over = la partita è già finita
natura-out-of-turn = ha giocato { $player }, ma è il turno di { $expected }
natura-no-seat = non c'è un giocatore { $n }
natura-not-on-rack-at = `{ $tile }` (per { $square }) non è sul leggio
natura-not-on-rack = `{ $tile }` non è sul leggio
natura-bag-low = per uno scambio servono almeno 7 tessere nel sacchetto; { $count ->
    [one] ce n'è 1
   *[other] ce ne sono { $count }
}
natura-exchange-size = non si può cambiare { $count ->
    [0] nessuna tessera
    [one] 1 tessera
   *[other] { $count } tessere
}
natura-nothing-to-challenge = non c'è una giocata di un altro giocatore, appena prima, da contestare
natura-off-board = la parola esce dal tabellone dopo { $square }
natura-mismatch = { $square } è occupata da una lettera diversa da quella scritta
natura-through-empty = `.` è scritto per { $square }, che è vuota
natura-no-tile = la giocata in { $square } non posa nessuna tessera
natura-one-letter = la parola principale in { $square } ha una sola lettera; scrivila nella direzione in cui forma una parola
natura-not-whole-word = la parola prosegue oltre { $square }: scrivi la parola intera
natura-misses-star = la prima parola (in { $square }) deve coprire la stella in H8
natura-no-contact = la parola in { $square } non tocca nessuna tessera sul tabellone
natura-unknown-tile = la tessera per { $square } non è una lettera

## La pagina del tavolo (`tavolo serve`). Gli argomenti `*-html` sono già protetti per l'HTML.

page-back = indietro
page-view-table = la pagina del tavolo
page-view-director = la pagina del direttore (tutto visibile)
page-view-seat = la pagina di { $player }
page-legal = Mossa { $number }, { $player_html }: <b>{ $move_html }</b>: valida. { $explanation_html }
page-refused = Rifiutata, non registrata: mossa { $number }, { $player_html }: <b>{ $move_html }</b> viola { $rule_html } { $code_html }: { $why_html }
page-legal-instead = Valide invece: { $moves_html }
page-not-a-move = Non è una mossa (colonna { $column } di <code>{ $typed_html }</code>): { $why_html }
page-to-move = Turno di { $player_html } <small>({ $expects_html })</small>
page-over = La partita è finita.
page-last = Ultima mossa, { $number }, { $player_html }: <b>{ $move_html }</b>. { $explanation_html }
page-move-label = la tua mossa
page-move-placeholder = una mossa, ad es. come la scrive il registro
page-play = Gioca
page-waiting = In attesa di { $player_html }.
page-plays-own-page = { $player_html } gioca dalla sua pagina (qui la sua mano è nascosta).
page-undo-now = Annulla la mossa { $number }
page-undo-ask = Chiedi di annullare la mossa { $number }
page-undo-asked = Hai chiesto di annullare la mossa { $number }: un altro posto deve accettare dalla sua pagina.
page-undo-withdraw = Ritira la richiesta
page-undo-confirm = { $player_html } chiede di annullare la mossa { $number }.
page-undo-agree = D'accordo: annulla la mossa { $number }
page-undo-refuse = Rifiuta
page-score-player = giocatore
page-score-score = punti
page-no-picture = nessuna immagine
page-position = Posizione
page-hint-best = La migliore: <b>{ $move_html }</b>.
page-hint-no-best = Nessuna mossa migliore: { $note_html }.
page-hint-list = { $lists_html } ({ $count }): { $moves_html }
page-hint-more = … (altre { $count })
page-moves = Mosse
page-reload = aggiorna
page-hint = suggerimento
page-record = scarica il registro
page-picture = l'immagine (SVG)
page-seats-head = Posti che giocano dalla pagina del tavolo
page-seats-note = La pagina del tavolo gioca solo per questi posti (le loro mani sono nascoste altrove); ogni altro posto gioca dalla propria pagina.
page-save = Salva
page-links = Link per i tablet
page-home-title = tavolo: l'arbitro al tavolo
page-tables = Tavoli
page-no-tables = Ancora nessuno: aprine uno qui sotto.
page-deal-head = Distribuisci un nuovo tavolo
page-game = Gioco
page-seed = Seme
page-seed-placeholder = un testo qualsiasi; vuoto: uno nuovo
page-players = Giocatori, in ordine di turno
page-players-placeholder = Anna, Bruno (vuoto: P1, P2 ...)
page-player-count = Numero di giocatori
page-player-count-placeholder = vuoto: il minimo che il gioco ammette
page-variant = Variante
page-variant-placeholder = vuoto: la prima del gioco
page-deal = Distribuisci
page-open-head = Riprendi da un registro
page-open-record = Il registro (TOML, come lo scrive tavolo)
page-open = Apri

## MOON

moon-expects = una tessera della mano di { $player }{ $common } e una casella accanto a una tessera: `TESSERA CASELLA`, ad es. `RV c4`
moon-expects-common = { " " }o delle tessere comuni
moon-expects-full = niente: la tavola è piena
moon-expects-drawn = una casella accanto a una tessera per { $tile }, la tessera pescata: ad es. `c4`
moon-expects-draw = la tessera pescata e una casella accanto a una tessera: ad es. `RV c4`
moon-out = { " " }(eliminato)
moon-hand = { $player }{ $out }: { $tiles }
moon-common = comuni: { $tiles }
moon-won = ha vinto { $player } (MN-4)
moon-solved = la tavola è piena: risolto (MN-5)
moon-not-solved = la tavola è piena, non risolto: { $why }
moon-drawn = pescata: { $tile }
moon-left = { $tiles } ancora da pescare
moon-places = { $player } posa { $tile } su { $square }
moon-eliminated = ; { $player } non può posare ed è eliminato, le sue tessere diventano comuni (MN-4)
moon-drawn-next = ; poi si pesca { $tile }
moon-next = ; turno di { $player }
moon-wins = ; nessun altro può posare: { $player } ha posato l'ultima tessera giocabile e vince (MN-4)
moon-full-solved = ; la tavola è piena e ogni riga e colonna mostra cinque lune e cinque sfondi diversi: risolto (MN-5)
moon-full-not-solved = ; la tavola è piena ma { $why }: non risolto (MN-5)
moon-result = { $verdict } (MN-4)
moon-result-solved = vinto: la tavola è piena e risolta (MN-5)
moon-result-not-solved = perso: la tavola è piena, non risolta: { $why }
moon-not-yours = quella tessera non è tua da giocare qui ({ $rule }): guarda la tua pagina
moon-game-over = la partita è già finita (ha vinto { $player })
moon-player-out = { $player } è fuori dalla partita: in un turno precedente non ha potuto posare una tessera
moon-out-of-turn = è il turno di { $expected }, non di { $player }
moon-tile-on-board = la tessera { $tile } è già sulla tavola, in { $square }
moon-not-in-hand = la tessera { $tile } non è né nella mano di { $player } né tra le comuni
moon-board-full = la tavola è già piena
moon-not-next-draw = la prossima tessera pescata è { $expected }, non { $tile }
moon-occupied = { $square } contiene già { $other }; le tessere sulla tavola non si spostano mai
moon-not-adjacent = { $tile } in { $square } non tocca nessuna tessera con un lato; ogni tessera deve toccarne una
moon-moon-repeats = { $tile } in { $square }: la sua luna { $colour ->
    [rosso] rossa
    [giallo] gialla
   *[other] { $colour }
} ripete la luna in { $at } nella stessa { $line ->
    [row] riga
   *[column] colonna
}
moon-background-repeats = { $tile } in { $square }: il suo sfondo { $colour } ripete lo sfondo in { $at } nella stessa { $line ->
    [row] riga
   *[column] colonna
}
moon-board-full-over = la tavola è piena: il solitario è finito
moon-say-tile = l'ordine di pesca non è nel registro: indica anche la tessera, ad es. `RV { $square }`
moon-no-seat = `{ $seat }` non è un posto: i posti sono { $seats }

## Le parole di una regola accanto al suo codice (il codice è un dato)

rule-with-words = { $id } ({ $words })
rule-placing-words = posa delle parole
rule-scoring-a-play = punteggio di una giocata
rule-over-sf6 = la partita è finita, SF-6
rule-over-df6 = la partita è finita, DF-6
rule-loose-contact = loose-contact
rule-clockwise = i turni girano in senso orario
rule-start-from-zero = start-from-zero
rule-free-square = una casella libera della griglia
rule-card-from-hand = una carta dalla tua mano
rule-the-racks = i leggii
rule-challenges = NS-5: contestazioni
rule-set-counts = NS-1: le quantità delle tessere
rule-record-scores = i punteggi del registro
rule-tiles-from-rack = tessere dal leggio
rule-first-word = la prima parola: due lettere, sulla stella
rule-tile-set = il set di tessere
rule-placed-as-drawn = le tessere si posano come vengono pescate
rule-eliminated-out = chi è eliminato resta fuori
rule-own-or-common = si posano tessere proprie o comuni
rule-rule-6 = regola 6
rule-rule-5 = regola 5
rule-rule-4 = regola 4
rule-rule-3 = regola 3
rule-solitaire-ends = il solitario finisce con la tavola piena, MN-5
rule-over-mu4 = la partita è finita, MU-4
rule-over-mo3 = la partita è finita, MO-3
rule-over-mn4 = la partita è finita, MN-4

## Quincunx

quincunx-expects-over = niente: la partita è finita
quincunx-expects-announce = una carta della mano, uno spazio libero e il punteggio annunciato: `3MW c3 =12` (QX-10)
quincunx-expects = una carta della mano e uno spazio libero: `3MW c3`
quincunx-round = round { $round }
quincunx-hand = { $player } ({ $total }): { $hand }
quincunx-pile = mazzo: { $cards }
quincunx-pile-order = mazzo: { $cards }, dall'alto: { $order }
quincunx-over = la partita è finita
quincunx-not-yours = quella carta non è tua da giocare qui ({ $rule }): guarda la tua pagina
quincunx-final = punteggio finale: { $score }
quincunx-round-over = ; fine del round { $round }{ $full } (piazzamenti, carte rimaste QX-3): { $scores }
quincunx-grid-full = , la griglia è piena
quincunx-rating = ; valutazione: { $band } (QX-11)
quincunx-match-over = ; la partita è finita: { $count ->
    [one] vince { $players }
   *[other] vincono a pari merito { $players }
} con { $score }
quincunx-game-over = la partita è già finita
quincunx-no-player = non c'è un giocatore { $n }
quincunx-out-of-turn = ha giocato { $player }, ma è il turno di { $expected }
quincunx-on-grid = { $card } è già sulla griglia in { $cell }
quincunx-not-in-hand = { $player } non ha in mano { $card }
quincunx-off-grid = { $cell } non è sulla griglia
quincunx-occupied = { $cell } contiene già { $card }
quincunx-no-contact = { $cell } non tocca nessuna carta con un lato (start-from-zero chiede il contatto ortogonale)
quincunx-too-long = una carta in { $cell } renderebbe un lato della griglia più lungo di 5
quincunx-no-announcement = { $player } non ha annunciato nessun punteggio (sempliciotto)
quincunx-not-sempliciotto = i punteggi si annunciano solo con l'opzione sempliciotto
quincunx-noticed-own = { $player } non può contestare il proprio annuncio
quincunx-pile-unknown = { $player } pesca qui { $draws } { $draws ->
    [one] carta
   *[other] carte
}, ma nel mazzo parziale { $known ->
    [0] non restano carte note
    [one] resta solo 1 carta nota
   *[other] restano solo { $known } carte note
}: ciò che si pesca non è scritto (QX-14)

## Domino della Frutta

domino-expects-place = una tessera della mano e la sua riga: `M3 riga 0` (o `M3 0`)
domino-expects-turn = , oppure una volta a partita `rovescia TESSERA` (DF-5)
domino-expects-draw = nessuna tessera della mano si può deporre: `pesca TESSERA` (la tessera pescata tra quelle accantonate; aggiungi la riga se si può deporre) (DF-4)
domino-expects-out = nessuna tessera si può deporre e le tessere accantonate sono finite: `fuori` (DF-4)
domino-expects-open = ; `scoperte` chiede il gioco a tessere scoperte (DF-4)
domino-row = riga
domino-no-tile-yet = { "  " }(nessuna tessera ancora deposta: la prima va nella riga 0)
domino-turned = [..]: rovesciata (DF-5)
domino-out = { " " }(eliminato)
domino-hand = { $player }{ $out }: { $tiles }
domino-aside = accantonate: { $tiles }
domino-aside-shown = accantonate: { $tiles }: { $shown }
domino-open = gioco a tessere scoperte: ogni mano è visibile (DF-4)
domino-lays = { $player } depone { $tile } nella riga { $row }
domino-turns = { $player } rovescia { $tile }: ora nessuna tessera può esserle accostata (DF-5, una volta a partita)
domino-draws-lays = { $player } pesca { $tile } tra le tessere accantonate e la depone nella riga { $row } (DF-4)
domino-draws-keeps = { $player } pesca { $tile } tra le tessere accantonate e la tiene in mano (DF-4)
domino-draws-hidden = { $player } pesca una tessera tra quelle accantonate e la tiene in mano (DF-4)
domino-is-out = { $player } non può né deporre né pescare ed è eliminato (DF-4)
domino-calls-open = { $player } chiede il gioco a tessere scoperte: da ora ogni mano è visibile, e muove { $player } (DF-4)
domino-next = ; turno di { $player }
domino-all-laid = ; { $players } ha deposto tutte le sue tessere e vince (DF-6)
domino-fewest = ; nessuno può giocare: tessere rimaste { $left }; { $count ->
    [one] vince { $players }
   *[other] vincono a pari merito { $players }
}, con meno tessere (DF-6)
domino-not-held = { $player } non ha { $tile }
domino-not-yours = quella tessera non è tua da giocare qui ({ $rule }): guarda la tua pagina
domino-result = { $verdict } (DF-6); tessere rimaste: { $left }
domino-side = { $side ->
    [left] a sinistra
    [right] a destra
    [above] sopra
   *[below] sotto
}
domino-game-over = la partita è finita: non ci sono altre mosse
domino-player-out = { $player } è eliminato (DF-4);
domino-out-of-turn = { $why }è il turno di { $expected }
domino-already-open = il gioco a tessere scoperte è già stato chiesto
domino-open-too-early = il gioco a tessere scoperte si può chiedere solo dal secondo giro
domino-on-table = è già sul tavolo nella riga { $row }
domino-in-aside = è tra le tessere accantonate
domino-held-by = ce l'ha { $player }
domino-nobody = non ce l'ha nessuno
domino-not-in-hand = { $player } non ha { $tile }: { $where }
domino-first-row = la prima tessera deposta definisce la riga 0, quindi { $tile } va nella riga 0, non nella { $row }
domino-occupied = la riga { $row } ha già { $there } nella colonna dei { $number }
domino-touches-turned = { $tile } nella riga { $row } toccherebbe la tessera rovesciata { $neighbour } ({ $side }); non le si può accostare nulla
domino-not-in-scala = { $tile } nella riga { $row } starebbe accanto a { $neighbour } ({ $side }): a destra e a sinistra ci vuole la stessa frutta in scala
domino-no-match = { $tile } nella riga { $row } non corrisponderebbe a nessuna delle tessere che tocca, ad es. { $neighbour } ({ $side }): con loose-contact una delle tessere toccate deve corrispondere (stessa frutta in scala a destra e a sinistra)
domino-not-touching = { $tile } nella riga { $row } non toccherebbe nessuna tessera (va nella colonna dei { $number })
domino-square = { $tile } nella riga { $row } completerebbe un quadrato di quattro tessere
domino-special-used = { $player } ha già fatto la sua mossa speciale
domino-not-on-table = { $tile } non è sul tavolo, quindi non si può rovesciare
domino-already-turned = { $tile } è già rovesciata
domino-special-needs-placeable = a tessere scoperte la mossa speciale richiede una tessera che il giocatore avrebbe potuto deporre
domino-draw-while-placeable = { $player } può deporre una tessera, quindi non può pescare
domino-not-set-aside = { $tile } non è tra le tessere accantonate
domino-drawn-placeable = la { $tile } pescata si può deporre (ad es. nella riga { $row }), quindi va deposta
domino-out-while-placeable = { $player } può deporre una tessera, quindi non è eliminato
domino-out-while-pile = { $left ->
    [one] resta 1 tessera accantonata
   *[other] restano { $left } tessere accantonate
}: chi è bloccato ne pesca una

## Farfalia

farfalia-over = niente: la partita è finita
farfalia-expects-dummy = una carta scoperta del morto (`B11`)
farfalia-expects-card = una carta (`B11`)
farfalia-expects-jolly = un jolly (`jolly F`, FA-9)
farfalia-expects-take = una carta della presa da raccogliere (`prendi B11`, FA-3)
farfalia-expects-decline = `rinuncia`
farfalia-expects-discard = lo scarto del mazziere, { $count } carte (`scarta B3 G5`)
farfalia-expects-trump = la briscola del mazziere (`briscola O`, o `briscola nessuna`)
farfalia-expects-double = `doppio` o `singolo` (DoubleYou, FA-10)
farfalia-discard-masked = { $seat }:scarta ({ $count } carte coperte)
farfalia-dummy = il morto di { $player }
farfalia-match-over = la partita è finita ({ $deals } smazzate): { $totals }
farfalia-deal = smazzata { $deal } di { $deals } ({ $format }), mazziere { $dealer }; briscola: { $trump }
farfalia-no-trump-yet = non ancora scelta
farfalia-proposal = proposta: { $families }; prese giocate: { $done } di { $tricks }
farfalia-trick = presa: { $cards }
farfalia-face-up-down = scoperte { $up }; coperte { $down }
farfalia-face-up-count = scoperte { $up }; { $down } coperte
farfalia-collected = ; raccolte { $cards }
farfalia-place = { "  " }{ $player } (squadra { $side }): { $hand }{ $collected }
farfalia-standings = classifica: { $totals }
farfalia-to-move-dummy = turno di { $place }: gioca { $player }
farfalia-plays = { $player } gioca { $card }
farfalia-plays-jolly = { $player } gioca il jolly della famiglia { $family } (FA-9)
farfalia-takes = { $player } raccoglie { $card } per la proposta (FA-3)
farfalia-declines = { $player } non raccoglie nulla
farfalia-discards = { $player } scarta { $cards } coperte
farfalia-names-trump = { $player } dichiara la briscola: { $trump }
farfalia-doubles = { $player } dichiara un jolly DoubleYou: il suo punteggio di questa smazzata vale doppio (FA-10)
farfalia-single = { $player } non gioca un jolly DoubleYou
farfalia-burns = ; il jolly brucia { $cards } (FA-9)
farfalia-trick-to = ; la presa va a { $player }
farfalia-all-burned = ; tutte le carte bruciate: nessuno vince la presa (FA-6)
farfalia-deal-over = ; la smazzata è finita, punti (FA-4): { $scores }
farfalia-won = ; la partita è finita: { $count ->
    [one] vince { $players }
   *[other] vincono a pari merito { $players }
} (FA-11)
farfalia-not-yours = quella carta non è tua da giocare qui ({ $rule }): guarda la tua pagina
farfalia-result = { $verdict } (FA-11)
natura-no-seat-number = `{ $text }` non comincia con il numero di un posto (da 1)
natura-not-a-tile = `{ $tile }` non è una tessera (una lettera A-Z o ? per un jolly)
natura-not-a-direction = `{ $dir }` non è una direzione (`o` orizzontale o `v` verticale)
natura-not-a-letter = `{ $letter }` non è una lettera (A-Z, a-z per un jolly, . per una lettera già sul tabellone)
natura-not-a-move = `{ $text }` non è una mossa: `H8 o CASA`, `8H CASA`, `cambio AE?`, `passo` o `sfida`
natura-not-a-square = `{ $text }` non è una casella (una colonna A-O e una riga 1-15, come H8)
moon-not-a-move = `{ $text }` non è una mossa di MOON: scrivi il posto, la tessera e la casella, ad es. `2 RV c4`
moon-not-a-seat = `{ $text }` non è un posto: i posti sono 1, 2, 3, 4
moon-not-a-tile = `{ $text }` non è una tessera di MOON (MN-1)
moon-not-a-square = `{ $text }` non è una casella della tavola (MN-1)
fruit-not-a-move = `{ $text }` non è una mossa: scrivi il posto e la mossa, ad es. { $examples }
page-over-result = La partita è finita: { $result }
page-no-result = nessun risultato
page-strict-label = Tavolo rigoroso (GN-4): dove il regolamento punisce una mossa irregolare (a MOON una tessera, a Farfalia una carta giocata senza rispondere al seme) la mossa viene registrata e giudicata; senza spunta viene rifiutata e il giocatore riprova

## italian

# I rifiuti di Farfalia (FA-*): che cosa ci si aspettava.
farfalia-wants-double = una dichiarazione DoubleYou (doppio o singolo)
farfalia-wants-discard = lo scarto del mazziere
farfalia-wants-trump = la briscola del mazziere
farfalia-wants-play = una carta giocata nella presa
farfalia-wants-collect = la scelta della carta da raccogliere (prendine una o rinuncia)
farfalia-wants-deal = la smazzata seguente
farfalia-game-over = la partita è finita: dopo l'ultima presa non si gioca più
farfalia-out-of-turn = ha mosso { $player }, ma è il turno di { $expected }
farfalia-unexpected = { $player } deve fare { $expected }
farfalia-not-held = { $player } non ha { $card }
farfalia-not-held-dummy = { $player } non ha { $card }, e la carta non è nemmeno scoperta sul suo morto
farfalia-face-down = { $card } è coperta sul morto di { $player }: del morto si giocano solo le carte scoperte
farfalia-dummy-turn = tocca al morto di { $player } { $lead ->
    [lead] aprire la presa (ha fatto l'ultima presa)
   *[play] giocare
}: { $player } gioca una delle carte scoperte del morto ({ $playable }), non { $card } dalla propria mano
farfalia-own-turn = tocca a { $player } giocare dalla propria mano: { $card } è sul suo morto, che gioca al proprio turno
farfalia-revoke = carta giocata senza rispondere al seme: { $player } ha giocato { $card } ma ha { $held } nel seme di uscita ({ $suit }, { $led }), e bisogna rispondere al seme
farfalia-revoke-dummy = carta giocata senza rispondere al seme: { $player } ha giocato { $card } dal morto, che ha scoperte { $held } nel seme di uscita ({ $suit }, { $led }); il morto risponde al seme con le sue carte scoperte
farfalia-jolly-lead = { $player } ha aperto la presa con un jolly: un jolly non apre mai una presa
farfalia-no-jolly = { $player } non ha un jolly { $family } da giocare
farfalia-collect-early = { $player } ha raccolto dalla presa { $trick }: da 2 a 4 giocatori non si raccoglie nulla dalle prime tre prese
farfalia-not-in-trick = { $player } ha raccolto { $card }, che non è nella presa appena fatta
farfalia-burned = { $player } ha raccolto { $card }, che è bruciata con il jolly
farfalia-not-proposed = { $player } ha raccolto { $card } ({ $family }), che la proposta non chiede
farfalia-complete = { $player } ha raccolto { $card }, ma la squadra ha già tutte le { $family } che la proposta chiede
farfalia-discard-count = { $player } ha scartato { $count } { $count ->
    [one] carta
   *[other] carte
}; il mazziere ne scarta { $wants }
farfalia-double-spent = { $player } non ha più jolly DoubleYou (due per partita)
farfalia-double-leader = { $player } è primo in classifica e non può giocare un jolly DoubleYou
farfalia-double-order = { $player } ha dichiarato fuori turno: tocca a { $expected } dire doppio o singolo (si dichiara in senso orario partendo dalla sinistra del mazziere, il mazziere per ultimo)
farfalia-double-late = { $player } ha dichiarato dopo le dichiarazioni: un jolly DoubleYou si gioca prima che la smazzata cominci
farfalia-trump-turned = { $player } ha chiamato una briscola, ma in questa smazzata la briscola è data dalla prima carta della proposta: è { $trump }
farfalia-trump-suit = { $suit } ({ $name })
farfalia-trump-none-turned = nessuna (è uscita una farfalla)
farfalia-partner-collects = { $player } ha scelto la carta da raccogliere per la presa fatta da { $chooser }: sceglie solo chi ha fatto la presa, senza consultare il compagno
farfalia-no-collection = { $player } ha scelto una carta da raccogliere, ma nella presa appena fatta non c'è nessuna carta utile alla proposta della sua squadra
# La notazione di Farfalia scritta male (le parole della notazione sono dati: `take`, `decline`, ...).
farfalia-bad-move = `{ $text }`: { $why }
farfalia-forms = scrivi POSTO:CARTA (2:B11), POSTO:take CARTA, POSTO:decline, POSTO:jolly FAMIGLIA, POSTO:discard CARTA.., POSTO:trump SEME|none, POSTO:double o POSTO:single
farfalia-no-seat = manca il posto; scrivi POSTO:CARTA (2:B11), POSTO:take CARTA, POSTO:decline, POSTO:jolly FAMIGLIA, POSTO:discard CARTA.., POSTO:trump SEME|none, POSTO:double o POSTO:single
farfalia-seat-number = il posto è un numero da 1 in su
farfalia-one-word = `{ $head }` vuole una sola parola
farfalia-trump-syntax = la briscola è R, G, B, O o none
farfalia-discard-names = lo scarto deve nominare le carte
farfalia-named-twice = { $card } è nominata due volte
farfalia-no-card = `{ $head }` non vuole carte
farfalia-not-a-family = `{ $text }` non è una famiglia: scrivi F, R, G, B o O
farfalia-rank-range = `{ $text }`: i numeri vanno da 1 a 13
farfalia-not-a-card = `{ $text }` non è una carta: scrivi la lettera del seme (R, G, B, O) e un numero da 1 a 13, come B11
# Scalafrutta (SF-*): la sessione, i rifiuti e le spiegazioni. Il quadrato è la figura di 9 tessere.
sf-not-a-player = `{ $who }` non è un giocatore: i giocatori sono { $players }
sf-expects-recombine = le combinazioni di { $player } con tutte le sue tessere: `combinations M3 M4 M5 / B3 P3 U3`, `combinations` da solo se non ne ha, o `migliore` (SF-2)
sf-expects-first = il primo inserimento della mano { $hand }: la tessera pescata e dove entra, ad es. `B4 top2`
sf-expects-insert = la tessera pescata e dove entra nel quadrato: `TESSERA top1..3|bottom1..3|left1..3|right1..3`, ad es. `B4 top2` (e `dono POSTO` se nessuna tessera del bordo è accostabile)
sf-hand = mano { $hand }
sf-face-down = coperte: { $count }
sf-face-down-shown = coperte: { $count }: { $tiles }
sf-holding = { $player } ({ $total }): { $shown }
sf-over = la partita è finita (SF-6)
sf-inserts-takes = { $player } inserisce { $tile } in { $at }; esce { $out }, che diventa di { $player }
sf-inserts-gives = { $player } inserisce { $tile } in { $at }; esce { $out }, che va all'avversario { $to } (SF-1)
sf-hand-opens = comincia la mano { $hand }; { $rest }
sf-declares = { $player } dichiara { $count } { $count ->
    [one] combinazione
   *[other] combinazioni
} per { $score } punti
sf-not-best = ; la migliore combinazione delle sue tessere vale { $best } (SF-5)
sf-ends-scalafrutta = ; la mano { $hand } finisce con Scalafrutta: { $player } ha tutte e sei le { $fruit } (SF-4): { $scores }
sf-ends-few = ; la mano { $hand } finisce: le tessere rimesse in gioco sono meno di quelle che servono ai giocatori (SF-2): { $scores }
sf-game-won = ; { $players } { $count ->
    [one] supera 1001: la partita è finita e vince { $players }
   *[other] superano 1001: la partita è finita e si dividono la vittoria
} (SF-6)
sf-pile-empty = ; le tessere coperte sono finite: ogni giocatore ricombina tutte le sue tessere (SF-2)
sf-game-over = la partita è finita: un giocatore ha raggiunto 1001 punti
sf-hand-over = la mano è finita: la mano seguente comincia con un inserimento
sf-out-of-turn = è il turno di { $player }
sf-recombine-out-of-turn = tocca a { $player } ricombinare (a partire dall'ultimo che ha inserito, { $last }, in ordine di turno)
sf-recombine-first = le tessere coperte sono finite: prima ogni giocatore ricombina, a partire da { $player }
sf-recombine-too-early = si ricombina solo quando le tessere coperte sono finite; { $count ->
    [one] ne resta ancora { $count } coperta
   *[other] ne restano ancora { $count } coperte
}
sf-in-square = è scoperta nel quadrato
sf-held-by = ce l'ha { $player }
sf-not-face-down = non è tra le tessere coperte
sf-cannot-draw = { $tile } non si può pescare: { $where }
sf-no-match = { $tile } non è accostabile a { $pushed } in { $at } (stesso numero, o stessa frutta in scala); può entrare in { $good }
sf-gift-not-allowed = { $tile } è accostabile a { $pushed }: la tessera che esce è del giocatore, non va in dono a { $player }
sf-gift-missing = nessuna tessera del bordo è accostabile a { $tile }: la tessera che esce va consegnata a un avversario (di' a chi)
sf-gift-self = { $player } non può dare la tessera a sé stesso: va a un avversario
sf-not-opponent = { $gift } non è un avversario di { $player }
sf-no-square = la mano { $hand } ha bisogno del suo quadrato (la preparazione non lo distribuisce)
sf-square-mid-hand = un quadrato si indica solo al primo inserimento della mano 2, 3, ...; quello della mano 1 è della preparazione
sf-square-not-dealt = questo quadrato non è quello che la distribuzione dà per la mano { $hand }
sf-bad-square = { $tile } compare due volte nel quadrato
sf-not-an-insertion = `{ $text }` non è un punto d'inserimento: scrivi top1..top3, bottom1..bottom3 (colonne da sinistra) o left1..left3, right1..right3 (righe dall'alto)
sf-players = Scalafrutta si gioca in 2-4, non in { $n }
sf-too-few = una combinazione ha almeno 3 tessere, questa ne ha { $count } (SF-3)
sf-too-many = { $count } tessere sono troppe: un tris o poker arriva a 6 tessere, una scala a 5 (SF-3)
sf-repeated = { $tile } compare due volte
sf-mixed = le tessere non sono né tutte dello stesso numero né tutte della stessa frutta (SF-3)
sf-gap = una scala vuole numeri consecutivi della stessa frutta (SF-3, FR-2)
sf-combination-error = combinazione { $n }: { $error }
sf-combination-not-held = combinazione { $n }: { $tile } non è tra le tessere del giocatore
sf-combination-twice = combinazione { $n }: { $tile } compare due volte (ogni tessera in una sola combinazione, SF-2)
sf-combination-used = combinazione { $n }: { $tile } è già nella combinazione { $first } (ogni tessera in una sola combinazione, SF-2)
# Il Muro (MU-*): la sessione, i rifiuti e le spiegazioni; il vecchio muro e il nuovo muro del foglio.
muro-not-a-column = `{ $text }` non è una colonna: scrivi una colonna da 1 a 6, ad es. `3>5`
muro-top-face-down = in cima alla colonna `{ $column }` c'è una tessera coperta: prima `turn { $column }`
muro-column-empty = la colonna `{ $column }` non ha tessere da spostare
muro-on-no-top = `{ $text }` non è in cima a nessuna colonna né pila: di' da dove, ad es. `{ $tile } 3>{ $to }`
muro-expects = una tessera in cima spostata (`B4 5`, `B4 nuovo`, `B4 3>5`), una tessera coperta in cima girata (`turn 3`), o `stop`
muro-old-wall = vecchio muro, dal basso in alto (## coperta):
muro-new-wall = nuovo muro:
muro-won = riuscito: sei pile complete (MU-4)
muro-stuck = non riuscito: nessuna mossa possibile (MU-4)
muro-stopped = interrotto
muro-result-won = riuscito: sei pile complete sul nuovo muro (MU-4)
muro-result-stuck = non riuscito: nessuna mossa possibile e il nuovo muro non è completo
muro-result-stopped = non riuscito: il giocatore si è fermato prima di completare il nuovo muro
muro-turns-up = nella colonna { $column } si scopre { $tile }
muro-turns-up-nothing = nella colonna { $column } si scopre una tessera
muro-onto-pile = sulla sua pila del nuovo muro (MU-3)
muro-into-empty = nella colonna vuota { $column }
muro-onto-tile = su { $tile } nella colonna { $column }
muro-onto-face-down = sulla tessera coperta in cima alla colonna { $column }
muro-from-new-wall = dal nuovo muro
muro-from-column = dalla colonna { $column }
muro-moves = { $tile } passa { $from } { $onto }
muro-stops = il giocatore si ferma
muro-home = ; { $count ->
    [one] { $count } tessera su 36 nel nuovo muro
   *[other] { $count } tessere su 36 nel nuovo muro
}
muro-over-won = ; sei pile complete: solitario riuscito (MU-4)
muro-over-stuck = ; nessuna mossa possibile: solitario non riuscito
muro-over-stopped = ; la partita finisce: solitario non riuscito
muro-not-a-place = `{ $text }` non è un posto: scrivi una colonna da 1 a 6 o `new` (il nuovo muro)
muro-unexpected = `{ $extra }` inatteso dopo la mossa; scrivi `turn 3`, `B4 3>5` (dalla colonna 3 alla colonna 5), `B1 3>new`, `B3 new>5` o `stop`
muro-empty-move = la mossa è vuota; scrivi `turn 3`, `B4 3>5` (dalla colonna 3 alla colonna 5), `B1 3>new`, `B3 new>5` o `stop`
muro-turn-what = `{ $text }` non dice quale colonna girare; scrivi `turn 3`, `B4 3>5` (dalla colonna 3 alla colonna 5), `B1 3>new`, `B3 new>5` o `stop`
muro-turn-new-wall = solo le colonne del vecchio muro hanno tessere coperte da girare
muro-not-a-move = `{ $text }` non è una mossa; scrivi `turn 3`, `B4 3>5` (dalla colonna 3 alla colonna 5), `B1 3>new`, `B3 new>5` o `stop`
muro-not-a-path = `{ $text }` non è `da>a`; scrivi `turn 3`, `B4 3>5` (dalla colonna 3 alla colonna 5), `B1 3>new`, `B3 new>5` o `stop`
muro-place-missing = manca un posto: scrivi una colonna da 1 a 6 o `new` (il nuovo muro) da ciascun lato di `>`
muro-column = la colonna { $column }
muro-the-new-wall = il nuovo muro
muro-over-already-won = il solitario è già riuscito: sei pile complete sul nuovo muro
muro-over-already-stuck = la partita è già finita: non restava nessuna mossa (il nuovo muro non è completo)
muro-over-already-stopped = la partita è già finita: il giocatore si è fermato
muro-no-column = non c'è una colonna { $column }: il muro ha le colonne 1-{ $columns }
muro-turn-empty = la colonna { $column } è vuota: non c'è nulla da girare
muro-turn-face-up = in cima alla colonna { $column } c'è { $top }, già scoperta
muro-not-on-empty = { $tile } non è nella colonna { $column }: la colonna è vuota
muro-not-on-top = { $tile } non è in cima alla colonna { $column }: in cima c'è { $top } (si sposta solo la tessera in cima a una colonna)
muro-not-on-top-hidden = { $tile } non è in cima alla colonna { $column }: in cima c'è una tessera coperta
muro-not-on-pile = { $tile } non è in cima alla pila delle { $fruit } del nuovo muro: in cima c'è { $top }
muro-no-pile = { $tile } non è sul nuovo muro: non c'è ancora una pila delle { $fruit }
muro-face-down = { $tile } nella colonna { $column } è coperta: prima girala (`turn { $column }`)
muro-same-place = { $tile } si sposterebbe da { $place } su sé stessa
muro-six = { $tile } è un 6: va solo su una tessera coperta o in una colonna vuota; in cima alla colonna { $column } c'è { $top }
muro-wrong-number = { $tile } può andare solo su un { $number } scoperto di un'altra frutta; in cima alla colonna { $column } c'è { $top }
muro-same-fruit = { $tile } non può andare su { $top } nella colonna { $column }: stessa frutta
muro-start-six-down = { $tile } non può cominciare la pila delle { $fruit } del nuovo muro: una pila comincia con l'1 (o, in six-down, con il 6)
muro-start = { $tile } non può cominciare la pila delle { $fruit } del nuovo muro: una pila comincia con l'1 (con il 6 solo nella variante six-down)
muro-pile-complete = la pila delle { $fruit } del nuovo muro è completa (in cima c'è { $top })
muro-pile-descends = { $tile } non può andare su { $top }: la pila delle { $fruit } è decrescente, quindi la prossima tessera è il { $number }
muro-pile-next = { $tile } non può andare su { $top }: la pila delle { $fruit } del nuovo muro vuole ora il { $number }
muro-not-new-wall = { $tile } non può andare sul nuovo muro
# Mosaico (MO-*): la sessione, i rifiuti e le spiegazioni. La figura è di 6 righe e 6 colonne.
mosaico-expects-aside = { $tile } non si può deporre da nessuna parte: `accantona` (MO-3)
mosaico-expects-cell = uno spazio per { $tile } accanto a una tessera con cui combacia: ad es. `c4`
mosaico-aside = accantonate: { $tiles }
mosaico-to-draw = da pescare: { $count }
mosaico-in-play-drawn = in gioco: { $tile } (pescata)
mosaico-in-play-aside = in gioco: { $tile } (accantonata prima, ora si può deporre: va rimessa in gioco per prima, MO-3)
mosaico-won = riuscito: tutte le 36 tessere deposte
mosaico-lost = non riuscito: le tessere da pescare sono finite e nessuna tessera accantonata si può deporre
mosaico-result-won = riuscito: tutte le 36 tessere deposte nella figura (MO-2)
mosaico-result-lost = non riuscito: le tessere da pescare sono finite e nessuna tessera accantonata si può deporre ({ $count } deposte su 36, MO-3)
mosaico-places = { $tile } va in { $cell }; { $count } deposte su 36
mosaico-sets-aside = { $tile } non si può deporre da nessuna parte e va accantonata (MO-3)
mosaico-over-won = ; tutte le 36 tessere deposte: riuscito
mosaico-over-lost = ; le tessere da pescare sono finite e nessuna tessera accantonata si può deporre: non riuscito
mosaico-over-already-won = la partita è finita: tutte le 36 tessere sono deposte
mosaico-over-already-lost = la partita è finita: le tessere da pescare sono finite e nessuna tessera accantonata si può deporre
mosaico-must-place = { $tile } va deposta ora: era stata accantonata e ora si può deporre, e le tessere accantonate vanno rimesse in gioco appena possibile, a partire dall'ultima accantonata
mosaico-next-drawn = la tessera in gioco è { $tile }, la prossima pescata (tessera { $number } della pesca)
mosaico-not-in-play = { $tile } non è la tessera in gioco: { $why }
mosaico-fits = { $tile } si può deporre (ad es. in { $cell }): una tessera si accantona solo quando non si può deporre da nessuna parte
mosaico-outside = { $cell } è fuori dalla figura 6x6 a1-f6: nessuna riga o colonna può avere 7 tessere
mosaico-occupied = in { $cell } c'è già { $tile }
mosaico-not-adjacent = { $cell } non tocca nessuna tessera: una tessera va accanto a una tessera con cui combacia
mosaico-no-match = { $tile } in { $cell } non combacia con nessuna delle tessere vicine (stesso numero, o stessa frutta in scala, FR-2)
mosaico-hard = { $tile } in { $cell } ha { $count } tessere vicine ma combacia con una sola: nella variante difficile deve combaciare con almeno 2
mosaico-draw-twice = { $tile } compare due volte nella pesca
mosaico-start-outside = lo spazio di partenza { $cell } è fuori dalla figura 6x6 (MO-2)
mosaico-start-twice = lo spazio di partenza { $cell } è indicato due volte
mosaico-row = riga { $row }
mosaico-column = colonna { $column }
mosaico-start-clash = gli spazi di partenza { $a } e { $b } sono entrambi nella { $line }: le sei tessere di partenza devono occupare sei righe diverse e sei colonne diverse della figura (MO-5)
mosaico-not-a-move = `{ $text }` non è una mossa di Mosaico: scrivi la tessera e lo spazio (`M2 a2`) o `aside` (`M3 aside`)
mosaico-not-a-cell = `{ $text }` non è uno spazio: scrivi una colonna a-f e una riga 1-6, ad es. `c3`
fruit-not-a-tile = `{ $text }` non è una tessera della frutta: scrivi l'iniziale della frutta (M P C U F B) e un numero da 1 a 6, ad es. `B4`
# Quincunx (QX-*): il punteggio di un piazzamento, con le parole del foglio (punti base, coppia, scala, tris, Asso e Corona, bonus colore), e la notazione scritta male.
qx-base-draw = { $cell } pesca (somma { $sum })
qx-base = punti base { $points } ({ $cells })
qx-pair = coppia { $cells } { $points }
qx-run = scala { $cells } { $points }
qx-set = tris { $cells } { $points }
qx-ace-crown = Asso e Corona di { $suit } { $cells } { $points }
qx-colour-line = bonus colore { $suit } in linea { $cells } { $points }
qx-colour-square = bonus colore { $suit } in quadrato { $cells } { $points }
qx-draw-cards = pesca { $count } { $count ->
    [one] carta
   *[other] carte
}
qx-nothing = niente
qx-scores = { $card } in { $cell } fa { $points } punti: { $what }
qx-move-note = mossa { $number }: { $text }
qx-placement = { $player }: { $text }
qx-drew-cards = ; { $tense ->
    [past] ha pescato
   *[now] pesca
} { $cards }
qx-drew-count = ; { $tense ->
    [past] ha pescato
   *[now] pesca
} { $count } { $count ->
    [one] carta
   *[other] carte
}
qx-draws-lost = ; { $count ->
    [one] una pescata persa
   *[other] { $count } pescate perse
}: il mazzo è finito (QX-6)
qx-announced = ; annunciati { $score }
qx-noticed-steals = , contestato da { $noticer }: { $player } fa { $credited } e { $noticer } prende { $taken } (QX-10)
qx-noticed = , contestato da { $noticer }: { $player } fa { $credited } (QX-10)
qx-not-noticed = , nessuno se ne accorge: l'annuncio resta (QX-10)
qx-bad-move = { $what } in '{ $text }' (una mossa si scrive `p1 3MW c3`, con sempliciotto `p1 3MW c3 =12 !p2`)
qx-two-announcements = due annunci
qx-announced-not-number = il punteggio annunciato non è un numero
qx-two-noticers = due contestatori
qx-no-noticer = manca il giocatore che contesta
qx-missing-parts = mancano delle parti
qx-no-player = `{ $text }` non è un giocatore (p1, p2, ...)
qx-no-cell = `{ $text }` non è uno spazio (una lettera di colonna e un numero di riga, come c3)
# `tavolo check`: il giudizio su un registro (parole, codici e regole del registro sono dati).
check-unreadable = { $file }: illeggibile
check-complete = { $file }: regolare e completo, { $moves }
check-so-far = { $file }: regolare finora, { $moves }
check-so-far-to-move = { $file }: regolare finora, { $moves }; muove { $player }
check-illegal = { $file }: irregolare alla mossa { $number } di { $moves }
check-illegal-move = mossa { $number } di { $player }: { $rule }: { $message }
check-note = nota: { $note }
check-annulled = annullata
check-lose = { $count ->
    [one] perde { $players }
   *[other] perdono { $players }
}
check-solved = risolto
check-not-solved = non risolto
check-result = risultato: { $parts } ({ $reason })
check-summary = { $records ->
    [one] { $records } registro
   *[other] { $records } registri
}: { $legal } regolari, { $illegal } irregolari, { $unreadable } illeggibili

## phone
page-title-moon = MOON
page-title-natura = Natura Shakerata
page-title-farfalia = Farfalia
page-title-quincunx = Quincunx
page-title-domino = Domino della Frutta
page-title-scalafrutta = Scalafrutta
page-title-muro = Il Muro
page-title-mosaico = Mosaico
page-move-short = la tua mossa
page-pass = Passo
page-exchange = Cambio
page-challenge = Sfida
page-position-text = Posizione in testo
page-moves-count = Mosse ({ $count })
page-legend = Caselle premio
page-legend-tw = parola tripla
page-legend-dw = parola doppia
page-legend-tl = lettera tripla
page-legend-dl = lettera doppia
page-tap-pieces = Tocca un pezzo, poi una casella, o scrivi la mossa.
page-tap-words = Tocca una casella, orizzontale o verticale, poi le tue tessere (· una lettera già sulla plancia).
page-tap-cards = Tocca una tua carta o tessera, o scrivi la mossa.
page-tap-exchange = Tocca le tessere da cambiare, poi Gioca.
page-tap-across = orizzontale
page-tap-down = verticale
page-tap-clear = annulla
page-jolly-asks = Quale lettera vale il jolly?
page-your-pieces = I tuoi pezzi

## machine
page-machine = La macchina gioca ai posti
page-machine-placeholder = nessuno, oppure 2,4 o 2:strong
page-machine-strength = al livello
page-machine-random = mosse a caso
page-machine-greedy = avido: il punteggio più alto subito
page-machine-strong = forte: guarda avanti

## phone: taps on every picture, the last trick, the boards' legends (issue 47)
page-tap-zoom = Tocca il tabellone per avvicinarne una parte, poi una casella.
page-tap-whole = tutto il tabellone
page-tap-drawn = Tocca la tessera pescata, poi dove entra.
page-jolly-pick = Il jolly vale:
farfalia-last-trick = ultima presa: { $cards }
table-legend-head = Legenda:
table-legend-natura = = parola tripla, - parola doppia, " lettera tripla, ' lettera doppia, . casella vuota; una lettera minuscola è un jolly
table-legend-moon = . casella vuota
table-legend-quincunx = . spazio vuoto
table-legend-mosaico = . casella vuota; M mele, P pere, C cocomeri, U uva, F fragole, B banane
table-legend-muro = ## tessera coperta; M mele, P pere, C cocomeri, U uva, F fragole, B banane
table-legend-scalafrutta = M mele, P pere, C cocomeri, U uva, F fragole, B banane; top1..right3 dove entra una tessera
table-legend-domino = M mele, P pere, C cocomeri, U uva, F fragole, B banane
table-legend-farfalia = R rosso, G verde, B blu, O arancione, poi il numero della carta

## kits: print kits IV (issue 45)
kit-undefined-name = errore nel modello: `{ $name }` non è definito
kit-template-sees = un modello vede i campi dell'elemento, `data`, `options`, `kit`, `component`, `w`, `h` e `index`
kit-did-you-mean = forse intendevi `{ $near }`? { $rest }
kit-lang-missing = `{ $field }` non ha il testo in `{ $lang }`, una delle lingue del kit
kit-lang-missing-help = scrivi `{ $field }.{ $lang }` accanto alle altre lingue (una colonna `{ $field }.{ $lang }` nel foglio; `{ $field }.{ $lang } = "..."` nel TOML)
kit-lang-unknown = `{ $field }` finisce con una lingua che il kit non elenca: le sue lingue sono { $languages }
kit-lang-none = `{ $field }` nomina una lingua, ma il kit non ne elenca
kit-lang-none-help = un kit in più lingue le elenca nelle sue opzioni, la prima è quella predefinita: `[options]` `lang = ["it", "en"]`
kit-lang-option = l'opzione `lang` elenca le lingue del kit: `lang = ["it", "en"]`, la prima è quella predefinita
kit-lang-code = `{ $code }` non è un codice di lingua come `it`, `en` o `pt-BR` (finisce nei nomi dei file)
kit-title-text = `title` è un testo, oppure uno per lingua (`title.it = "..."`, `title.en = "..."`)
kit-lang-not-in = il kit `{ $kit }` non è in `{ $lang }`: le sue lingue sono { $languages }
kit-lang-not-in-help = togli --lang per stamparle tutte, oppure scegline una con `--option lang={ $first }`
kit-text-too-long = `{ $text }` non entra in un riquadro di { $w } x { $h } mm a { $pt } pt ({ $mm } mm) o più, su nessun numero di righe
kit-text-too-long-help = accorcia il testo, allarga il suo riquadro, o dai a fit_text un quinto argomento più piccolo (la misura minima, in mm)
kit-text-in-field = campo `{ $field }`: { $message }

## italian: events (results, standings, crosstables, slips, sheets). Column and criterion
## names in the text are the description's own words in English.
count-players = { $count } { $count ->
    [one] giocatore
   *[other] giocatori
}
ev-event-line = evento: { $event }
ev-paired = { $pairing } su { $rounds } turni
ev-pairing-swiss = sistema svizzero
ev-pairing-round-robin = girone all'italiana
ev-section-line = sezione { $section }: { $game } ({ $variant }), { $players }{ $paired }
ev-records-count = referti: { $count }
ev-record-line = board { $board }, tavolo { $table }{ $round }: { $file }: { $players }
ev-record-round = (turno { $round })
ev-state-slip-only = uno statino, senza referto
ev-counts = { $state }; conta { $how }: { $seats }
ev-left-out-why = { $state }; escluso ({ $why })
ev-left-out-plain = { $state }; escluso
ev-left-out = escluso
ev-slip-line = board { $board }, tavolo { $table }: lo statino: { $slip }
ev-slip-agrees = concorda
ev-bye-line = turno { $round }: riposo per { $player } (vale una vittoria)
ev-missing-head = risultati mancanti ({ $count }: ciascuno non conta finché non viene consegnato):
ev-board-head = board { $board }, confrontato su { $tables } { $tables ->
    [one] tavolo
   *[other] tavoli
} (top di { $top } matchpoint a posto):
ev-board-seat = { $seat } { $result }: { $matchpoints } mp{ $percent }
ev-board-table = tavolo { $table }: { $seats }
ev-standings-head = classifica ({ $provisional }per { $criteria }):
ev-then = poi
ev-provisional = provvisoria, { $count ->
    [one] manca { $count } risultato
   *[other] mancano { $count } risultati
}
ev-col-rank = posto
ev-col-player = giocatore
ev-col-played = giocate
ev-col-wins = vittorie
ev-col-spread = scarto
ev-col-points = punti
ev-col-percent = percentuale
ev-col-solved = risolte
ev-col-moves = mosse
ev-col-head-to-head = scontro diretto
ev-col-buchholz = buchholz
ev-col-median-buchholz = buchholz mediano
ev-col-sonneborn-berger = sonneborn-berger
ev-col-cumulative = cumulativo
ev-col-round = turno
ev-col-board = board
ev-col-table = tavolo
ev-col-seat = posto
ev-col-opponent = avversario
ev-col-result = risultato
ev-col-players = giocatori
ev-col-verdict = verdetto
ev-col-counts = conteggio
ev-col-matchpoints = matchpoint
ev-title-median-buchholz = Buchholz mediano
ev-title-sonneborn-berger = Sonneborn-Berger
ev-title-mp = MP
ev-verdict-complete = completa
ev-verdict-legal-so-far = regolare finora
ev-verdict-illegal = irregolare
ev-verdict-score-slip = statino
ev-verdict-slip-agrees = { $verdict }, lo statino concorda
ev-verdict-slip-disagrees = { $verdict }, lo statino non concorda
ev-status-unreadable = illeggibile
ev-status-tampered = alterato
ev-status-wrong-board = board sbagliato
ev-status-wrong-event = evento sbagliato
ev-result-won = vinta
ev-result-tied = patta
ev-result-lost = persa
ev-result-solved = risolto in { $moves } mosse
ev-result-not-solved = non risolto ({ $moves } mosse)
ev-result-points = { $points } ({ $outcome })
ev-missing-no-game = turno { $round }: nessuna partita di { $players }
ev-missing-game = turno { $round }, tavolo { $table }, board { $board }: { $players }
ev-how-finished = come finita
ev-how-rules = come decidono le regole ({ $reason })
ev-how-before-illegal = come giocata fino alla mossa irregolare
ev-how-loss-illegal = come sconfitta di { $player }, che ha fatto la mossa irregolare
ev-how-so-far = come giocata finora
ev-how-loss-to-move = come sconfitta di { $player }, che era di turno
ev-how-slip = dagli ultimi totali dello statino
ev-why-annulled = annullata: { $reason }
ev-why-not-counted = { $status }: non conta
ev-why-no-move = nessuna mossa giocata: la partita manca
ev-slip-without-record = uno statino senza il suo referto
ev-slip-not-checked = non controllato: il referto non è del suo board
ev-illegal-move = mossa { $number } di { $player }: { $message } ({ $rule })
ev-cross-won = V
ev-cross-tied = P
ev-cross-lost = S
ev-cross-bye = riposo
ev-cross-round = t{ $round }
ev-cross-round-title = T{ $round }
ev-cross-key = V vinta, S persa, P patta contro il numero di riga; ? mancante; x non contata
ev-cross-head = tabellone ({ ev-cross-key }):
ev-cross-title = Tabellone
ev-cross-note = { ev-cross-key }.
ev-card-not-counted = non contata
ev-card-bye = riposo (vale una vittoria)
ev-card-missing = mancante
ev-scorecard-head = scheda di { $name }, sezione { $section }:
ev-meta-line = { $algorithm } · SHA-256 della descrizione { $sha }
ev-public-value = valore pubblico: { $value }
ev-section-title = Sezione { $section }: { $game } ({ $variant }){ $paired }
ev-section-title-players = Sezione { $section }: { $game } ({ $variant }), { $players }{ $paired }
ev-standings-title = Classifica
ev-ranked-by = Ordinata per { $criteria }.
ev-bye-note = Turno { $round }: riposo per { $player } (vale una vittoria).
ev-provisional-note = Provvisoria: { $count ->
    [one] manca { $count } risultato
   *[other] mancano { $count } risultati
}, e ciascuno non conta finché non viene consegnato.
ev-board-title = Board { $board }
ev-board-note = Confrontato su { $tables } tavoli; MP: matchpoint, su un top di { $top }.
ev-records-title = Referti
ev-slip-note = Board { $board }, tavolo { $table }: lo statino: { $slip }
ev-pdf-results = { $event }: risultati
ev-pdf-page = { $footer } - pagina { $page } di { $pages }
ev-pdf-board = Board { $board }: confrontato su { $tables } tavoli, top di { $top } matchpoint a posto
ev-pdf-records = Referti: { $count }
ev-slips-footer = { $event }: statini
ev-slip-title = { $event } - statino
ev-slip-at-round = Turno { $round }, board { $board }, tavolo { $table }
ev-slip-at = Board { $board }, tavolo { $table }
ev-slip-seed = { $game } ({ $variant }), seme del board { $seed }
ev-slip-moves-first = muove per primo
ev-slip-running = Il totale di ogni giocatore dopo ciascuna delle sue mosse:
ev-slip-circle = Il risultato (cerchiare):
ev-slip-solitaire = { $name }:   risolto  /  non risolto,   in ______ mosse
ev-slip-outcome = { $name }:   vinta  /  patta  /  persa
ev-slip-signed = firma: { $name }
ev-slip-rows = Le righe sono le mosse di ciascun giocatore, a turno ({ $rows } qui); se la partita dura di più, continuare sul retro.
ev-seat-n = Posto { $n }
ev-status-slip = statino
sheets-not-drawable = tavolo non sa ancora disegnare i fogli di smazzata di { $game }
sheets-record-head = { $title }: { $game } ({ $variant }), { $algorithm } board { $board }
sheets-seed = seme { $seed }
sheets-slip-head = { $title } - { $seat } ({ $count } { $count ->
    [one] pezzo
   *[other] pezzi
})
sheets-board-title = { $event }, board { $board }
slip-total-differs = il totale di { $name } dopo la sua mossa { $number } è { $slip } sullo statino, { $record } nel referto rigiocato (mossa { $mv } del referto)
slip-total-beyond = lo statino ha un totale dopo la mossa { $number } di { $name }, ma il referto ha solo { $moves } sue mosse
slip-row-beyond = la riga { $row } dello statino è una smazzata che il referto non ha: rigiocato, i totali cambiano { $times } volte
slip-row-differs = il totale di { $name } nella riga { $row } dello statino è { $slip } sullo statino, { $record } nel referto rigiocato (dopo la mossa { $mv })
slip-final-differs = il totale finale di { $name } è { $slip } sullo statino, { $record } nel referto rigiocato (dopo l'aggiustamento finale)
slip-last-differs = l'ultimo totale di { $name } è { $slip } sullo statino, ma il referto finisce a { $record }: scrivere i totali dopo l'aggiustamento finale sotto [final]

## italian: the table server's refusals (serve/routes.rs)
serve-refused-out-of-turn = Rifiutato, fuori turno: questa pagina mostrava la partita dopo { $at } { $at ->
    [one] mossa
   *[other] mosse
}, e ora è a { $now } (un altro tablet è stato più veloce). Riguarda la posizione.
serve-refused-over = Rifiutato: la partita è finita.
serve-refused-not-this-page = Rifiutato, la mossa non spetta a questa pagina: { $why }.
serve-not-resigned = Abbandono non registrato: { $why }.
serve-nothing-to-take-back = Niente da annullare: non c'è ancora nessuna mossa.
serve-no-undo-request = Nessuna richiesta di annullare una mossa.
serve-not-written = il referto non si è potuto scrivere: { $error }

## italian: the event's director's page, standings wall and seats' sheet (serve/club)
club-forbidden = Accesso negato
club-wrong-key = la chiave di questo link non apre la pagina del direttore: viene stampata all'avvio del server
club-not-found = Pagina non trovata
club-no-such-page = l'evento non ha questa pagina
club-no-token = al modulo manca il gettone della sua pagina: ricarica la pagina del direttore e invialo di nuovo
club-slip = lo statino: { $slip }
club-not-counted = non conta: { $why }
club-on-paper = { $result } (su carta)
club-not-started = non iniziata
club-playing = in corso, { $count } { $count ->
    [one] mossa
   *[other] mosse
}
club-over = finita
club-the-director = il direttore
club-the-standings = la classifica
club-seats-link = i link dei posti da stampare (codici QR)
club-results-unread = I risultati non si leggono: { $why }
club-section-round = Sezione { $section }: { $game } — turno { $round } di { $rounds }
club-col-state = stato
club-col-actions = azioni
club-the-table = il tavolo
club-none-missing = Non manca nessun risultato.
club-missing-head = Risultati mancanti ({ $count })
club-pair-round = Abbina il turno { $round }
club-pair-when = quando tutti i tavoli del turno hanno finito
club-director-title = { $event } · direttore
club-running-totals = totali progressivi di { $player }
club-paper-moves = Le mosse del foglio, una per riga
club-reopen = Riapri
club-paper-result = risultato su carta
club-enter = Inserisci
club-round-of = turno { $round } di { $rounds }
club-provisional = Provvisoria: { $count ->
    [one] manca { $count } risultato
   *[other] mancano { $count } risultati
} ({ $tables })
club-table-n = tavolo { $table }
club-standings-title = { $event } · classifica
club-seats-head = { $event }: i link dei posti
club-seats-how = Stampare, tagliare lungo il tratteggio e dare a ogni giocatore il suo: il codice apre la pagina di quel posto (la sua mano) e nessun'altra.
club-seat-where = tavolo { $table }, board { $board }, posto { $seat }
club-seats-title = { $event } · posti

## italian: what the commands say they wrote (cli/out.rs), and `event deal`'s text
out-wrote = scritto { $path }
out-wrote-what = scritto { $path } ({ $what })
out-wrote-records = { $count ->
    [one] scritto { $count } referto
   *[other] scritti { $count } referti
} in { $dir }
out-what-slip = lo statino
out-what-description = la descrizione: pubblicala ora
out-what-commitment = l'impegno: pubblicalo ora
out-what-key = la chiave: tienila segreta finché l'evento non è finito
out-what-sheets = i fogli di smazzata
out-what-slips = gli statini
out-what-ratings = le valutazioni
out-what-winning-line = la sequenza vincente
out-what-best-line = la migliore sequenza trovata, non dimostrata la migliore
out-what-game-record = il referto della partita
out-what-deal-record = il referto della smazzata, pronto per le mosse
deal-algorithm-line = algoritmo: { $event } su { $deal }
deal-sha-line = description-sha256: { $sha }
deal-board-line = board { $board }: { $game } ({ $variant }), { $players }
deal-seed-line = seme: { $seed }
round-head = sezione { $section }: { $game }, { $pairing }, turno { $round } di { $rounds }: { $count ->
    [one] il board
   *[other] i board
} { $boards }
round-table = tavolo { $table }: { $first } v { $second }
round-sits-out = resta fuori: { $player }
round-bye = riposo: { $player }
round-first-named = il primo nominato a ogni tavolo ha il primo posto e muove per primo

## italian: the deal sheets' and deals' labels (each game's draw.rs)
sheet-moon-centre = centro (c3)
sheet-moon-draw = la pesca di { $player }, in ordine (coperta)
sheet-moon-draw-line = pesca
sheet-natura-every-player = turno 1, tutti i giocatori
sheet-of-round = { $what }, round { $round }
sheet-quincunx-grid = scoperte sulla griglia ({ $cells }; distribuisce { $dealer })
sheet-quincunx-pile = il mazzo, dall'alto
sheet-of-deal = { $what }, smazzata { $deal }
sheet-farfalia-proposal = la proposta (distribuisce { $dealer })
sheet-farfalia-dealer = { $player } (mazziere)
sheet-farfalia-dummy-down = il morto di { $player }, coperto da sinistra a destra
sheet-farfalia-dummy-up = il morto di { $player }, scoperto sopra, e l'ultima accanto

## italian: the errors users meet most (a missing file, a bad record, an unknown game)
io-not-found = File o cartella inesistente
io-permission-denied = Permesso negato
io-is-a-directory = È una cartella
error-did-you-mean = forse intendevi `{ $name }`? { $rest }
error-unknown-game = gioco sconosciuto `{ $name }`
error-the-games = i giochi sono: { $games }
record-the-record = il referto
record-move-n = la mossa { $number }
record-missing-field = { $what }: manca `{ $key }`
record-unknown-field = { $what }: campo sconosciuto `{ $name }`
record-fields-here = i campi qui sono: { $fields }
record-wrong-type = { $what } dev'essere { $expected }, non { $found }
record-out-of-range = { $what } dev'essere da { $low } a { $high }, non { $found }
record-a-string = una stringa
record-an-integer = un intero
record-a-float = un numero decimale
record-a-boolean = un valore vero/falso
record-a-date = una data
record-an-array = un elenco
record-a-table = una tabella

## italian: `tavolo score` (Natura Shakerata, Quincunx) and the lexicon it names
lex-unchecked = parole non controllate: { $why }
lex-inline = lessico: le { $count } parole del referto
lex-by-lexicon = (scelto con --lexicon)
lex-by-mode = (scelto con --lexicon-mode)
lex-mode = modalità { $mode } (NS-9)
lex-lists = lessico: { $lists }{ $mode }{ $by }
lex-in-list = nel lessico: { $list }
lex-in = nel lessico
lex-not-in = non nel lessico
score-rack-bonus = +{ $bonus } per il leggio intero (il regolamento: 50/40/30 per 7/6/5 tessere)
score-total = totale { $points } punti
qx-score-total = totale { $points } punti, { $draws } { $draws ->
    [one] carta
   *[other] carte
} da pescare
qx-best-head = migliori piazzamenti di { $cards } { $cards ->
    [one] carta
   *[other] carte
} su { $cells } spazi liberi ({ $variant }):
qx-best-on = { $card } su { $cell }
qx-best-draw = pesca { $count }
qx-kind-base = base
qx-kind-pair = coppia
qx-kind-run = scala
qx-kind-set = tris
qx-kind-ace-crown = asso-corona
qx-kind-colour-line = linea-colore
qx-kind-colour-square = quadrato-colore
lex-why-none-installed = non è installato nessun elenco di parole italiane (NS-2)
lex-why-record-none = il referto dice `lexicon = "none"`
lex-why-english = una partita in inglese; i lessici di tavolo sono italiani (NS-8)
lex-why-polish = una partita in polacco; i lessici di tavolo sono italiani (NS-8)
serve-no-picture-here = Nessuna immagine in questa pagina: l'immagine di questo gioco mostra tutte le mani (la pagina del direttore ce l'ha).
serve-no-picture = Nessuna immagine: { $why }
serve-link-table = il tavolo (ciò che tutti possono vedere)
serve-link-seat = posto { $n }, { $player }

## rules: `tavolo rules` in Italian (issue 42)
rules-untranslated = Questa pagina non è ancora tradotta in italiano: eccola in inglese.
rules-index-more = `tavolo rules NOME` mostra una pagina: { $pages }; `tavolo rules ID` mostra una sola decisione, per esempio `tavolo rules MN-3`.
rules-untranslated-ruling = Questa decisione non è ancora tradotta in italiano: eccola in inglese.

## machine: the machine seat's errors, and its thinking (issue 43)
machine-not-a-seat = `{ $seat }` non è un posto: i posti vanno da 1 a { $players }
machine-seat-twice = il posto { $seat } è indicato due volte
machine-no-seats = indica i posti in cui gioca la macchina: `2`, `2,4` o `2:strong,4:random`
machine-not-a-strength = `{ $text }` non è un livello: { $strengths }
machine-no-strength = `{ $text }` non dice il livello: scrivilo `posto:livello`, come `2:greedy`
machine-record-bad = [session] machine: { $why }
machine-record-help = la sessione scrive [session] machine come "2:greedy"; { $game } offre { $strengths }
machine-not-at-table = il posto { $seat } non è a questo tavolo: i posti vanno da 1 a { $players }
machine-not-offered = la macchina non sa giocare a { $game } al livello `{ $strength }`: ci gioca solo a { $strengths }
machine-option-bad = --machine: { $why }
machine-no-player = a questo tavolo la macchina non gioca
machine-thinking = { $player } (la macchina, { $strength }) sta pensando…
page-machine-thinking = tocca a { $player_html }: la macchina sta pensando…
