"""The page's own words in the rulebook languages, and choosing one for a request.

Game words (players, phases, counters, pieces) come from the rulebook catalogs
(``framework/locale``); these are only the words of the page around the board.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from framework.i18n import LANGUAGES

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "sounds_off": "Sounds: off", "sounds_on": "Sounds: on",
        "clock": "clock", "no_clock": "none", "your_name": "Your name",
        "save_name": "Save", "reason_time": "{player} ran out of time",
        "offer_draw": "Offer a draw", "take_back": "Take back", "rematch": "Rematch",
        "accept": "Accept", "decline": "Decline", "reason_agreement": "draw agreed",
        "offers_draw": "{player} offers a draw.",
        "offers_undo": "{player} asks to take back their last move.",
        "offers_rematch": "{player} offers a rematch.",
        "offers_restart": "{player} asks to restart the game from the beginning.",
        "offer_waiting": "Your offer waits for an answer.", "offer_declined": "Declined.",
        "to_rematch": "Go to the rematch",
        "games": "Games", "new_game": "New game", "start": "Play", "you": "me (this browser)",
        "friend": "a friend (invite link)", "random": "random", "greedy": "greedy",
        "alphabeta": "alpha-beta", "mcts": "MCTS", "weak": "weak", "medium": "medium",
        "strong": "strong", "to_play": "{player} to play", "phase": "phase",
        "setup": "setup", "your_turn": "your turn", "waiting": "waiting for {player}",
        "thinking": "{player} is thinking…", "wins": "winner: {player}", "draw": "draw",
        "over": "Game over", "moves": "Moves", "supply": "in supply", "hand": "in hand",
        "rulebook": "Rulebook",
        "record_text": "Record (text)", "record_json": "Record (JSON)", "record_pgn": "PGN",
        "invite": "Invite link for {player}",
        "copy": "Copy", "copied": "Copied",
        "copy_by_hand": "Selected: press Ctrl+C to copy",
        "watching": "You are watching (read-only).",
        "rules_changed": "The rules file has changed.",
        "restart_new": "Restart with the new rules",
        "rules_broken": "The rules file has errors; the previous version keeps playing:",
        "show_board": "Show the board (previous rules)", "recent": "Recent games",
        "watch": "watch", "not_played": "Not played", "not_your_turn": "It is not your turn.",
        "seats": "Seats", "person": "another player",
        "disconnected": "Connection lost; reconnecting…",
        "no_games": "No playable game.", "play_again": "Play again",
        "on_board": "on the board", "score": "score",
        "dice": "Dice: {dice}", "choose": "Choose:",
        "resign": "Resign", "resign_confirm": "Really resign?",
        "reason_resign": "{player} resigned",
        "flip": "Flip the board",
        "cancel": "Cancel",
        "takes_side": "takes {side}",
        "taken_off": "taken off the board: {cells}",
        "piece_key": "The numbers on a piece: {numbers} ({first} also drawn below it).",
        "piece_key2": "The numbers on a piece: {numbers} ({first} also drawn below it, "
        "{second} above).",
        "player": "a player", "in_progress": "in progress", "plies": "{n} moves",
        "viewing": "After turn {turn} of {turns}: an earlier position.",
        "live": "Back to the game", "viewing_past": "This is an earlier position: go back to "
        "the game to play.",
        "check": "check", "go_on": "go on with the same piece",
        "must_capture": "a capture is compulsory: the ringed pieces must capture",
        "watching_no_move": "You are watching: only the players can move.",
        "no_move_piece": "This piece has no legal move.", "online": "here",
        "not_here": "not here yet",
    },
    "es": {
        "sounds_off": "Sonido: no", "sounds_on": "Sonido: sí",
        "clock": "reloj", "no_clock": "sin reloj", "your_name": "Tu nombre",
        "save_name": "Guardar", "reason_time": "{player} agotó su tiempo",
        "offer_draw": "Ofrecer tablas", "take_back": "Deshacer", "rematch": "Revancha",
        "accept": "Aceptar", "decline": "Rechazar", "reason_agreement": "tablas acordadas",
        "offers_draw": "{player} ofrece tablas.",
        "offers_undo": "{player} pide deshacer su última jugada.",
        "offers_rematch": "{player} ofrece la revancha.",
        "offers_restart": "{player} pide empezar la partida de nuevo.",
        "offer_waiting": "Tu oferta espera respuesta.", "offer_declined": "Rechazada.",
        "to_rematch": "Ir a la revancha",
        "games": "Juegos", "new_game": "Nueva partida", "start": "Jugar",
        "you": "yo (este navegador)", "friend": "un amigo (enlace de invitación)",
        "random": "aleatorio", "greedy": "voraz", "alphabeta": "alfa-beta", "mcts": "MCTS",
        "weak": "débil", "medium": "medio", "strong": "fuerte",
        "to_play": "juega {player}", "phase": "fase", "setup": "preparación",
        "your_turn": "tu turno", "waiting": "esperando a {player}",
        "thinking": "{player} está pensando…", "wins": "victoria: {player}", "draw": "tablas",
        "over": "Fin de la partida", "moves": "Jugadas", "supply": "en reserva",
        "hand": "en la mano",
        "rulebook": "Reglamento", "record_text": "Registro (texto)",
        "record_json": "Registro (JSON)", "record_pgn": "PGN",
        "invite": "Enlace de invitación para {player}",
        "copy": "Copiar", "copied": "Copiado",
        "copy_by_hand": "Seleccionado: pulsa Ctrl+C para copiar",
        "watching": "Estás mirando (solo lectura).",
        "rules_changed": "El archivo de reglas ha cambiado.",
        "restart_new": "Reiniciar con las nuevas reglas",
        "rules_broken": "El archivo de reglas tiene errores; sigue en juego la versión "
                        "anterior:",
        "show_board": "Mostrar el tablero (reglas anteriores)", "recent": "Partidas recientes",
        "watch": "mirar", "not_played": "No jugado", "not_your_turn": "No es tu turno.",
        "seats": "Asientos", "person": "otro jugador",
        "disconnected": "Conexión perdida; reconectando…",
        "no_games": "Ningún juego disponible.", "play_again": "Jugar otra vez",
        "on_board": "en el tablero", "score": "puntos",
        "dice": "Dados: {dice}", "choose": "Elige:",
        "resign": "Abandonar", "resign_confirm": "¿Seguro que abandonas?",
        "reason_resign": "{player} abandonó",
        "flip": "Girar el tablero",
        "cancel": "Cancelar",
        "takes_side": "toma {side}",
        "taken_off": "retiradas del tablero: {cells}",
        "piece_key": "Los números de una pieza: {numbers} ({first} también debajo).",
        "piece_key2": "Los números de una pieza: {numbers} ({first} también debajo, "
        "{second} encima).",
        "player": "un jugador", "in_progress": "en curso", "plies": "{n} jugadas",
        "viewing": "Tras el turno {turn} de {turns}: una posición anterior.",
        "live": "Volver a la partida", "viewing_past": "Es una posición anterior: vuelve a la "
        "partida para jugar.",
        "check": "jaque", "go_on": "sigue con la misma pieza",
        "must_capture": "capturar es obligatorio: las piezas marcadas deben capturar",
        "watching_no_move": "Estás mirando: solo los jugadores pueden mover.",
        "no_move_piece": "Esta pieza no tiene ninguna jugada legal.", "online": "presente",
        "not_here": "aún no ha llegado",
    },
    "pt": {
        "sounds_off": "Som: desligado", "sounds_on": "Som: ligado",
        "clock": "relógio", "no_clock": "sem relógio", "your_name": "Seu nome",
        "save_name": "Salvar", "reason_time": "{player} ficou sem tempo",
        "offer_draw": "Propor empate", "take_back": "Voltar lance", "rematch": "Revanche",
        "accept": "Aceitar", "decline": "Recusar", "reason_agreement": "empate acordado",
        "offers_draw": "{player} propõe empate.",
        "offers_undo": "{player} pede para voltar o último lance.",
        "offers_rematch": "{player} propõe uma revanche.",
        "offers_restart": "{player} pede para recomeçar a partida.",
        "offer_waiting": "A sua proposta espera resposta.", "offer_declined": "Recusada.",
        "to_rematch": "Ir para a revanche",
        "games": "Jogos", "new_game": "Nova partida", "start": "Jogar",
        "you": "eu (este navegador)", "friend": "um amigo (link de convite)",
        "random": "aleatório", "greedy": "guloso", "alphabeta": "alfa-beta", "mcts": "MCTS",
        "weak": "fraco", "medium": "médio", "strong": "forte",
        "to_play": "joga {player}", "phase": "fase", "setup": "preparação",
        "your_turn": "sua vez", "waiting": "esperando {player}",
        "thinking": "{player} está pensando…", "wins": "vitória: {player}", "draw": "empate",
        "over": "Fim de jogo", "moves": "Lances", "supply": "na reserva", "hand": "na mão",
        "rulebook": "Livro de regras", "record_text": "Registro (texto)",
        "record_json": "Registro (JSON)", "record_pgn": "PGN",
        "invite": "Link de convite para {player}",
        "copy": "Copiar", "copied": "Copiado",
        "copy_by_hand": "Selecionado: pressione Ctrl+C para copiar",
        "watching": "Você está assistindo (somente leitura).",
        "rules_changed": "O arquivo de regras mudou.",
        "restart_new": "Recomeçar com as novas regras",
        "rules_broken": "O arquivo de regras tem erros; a versão anterior continua em jogo:",
        "show_board": "Mostrar o tabuleiro (regras anteriores)",
        "recent": "Partidas recentes", "watch": "assistir", "not_played": "Não jogado",
        "not_your_turn": "Não é a sua vez.", "seats": "Lugares", "person": "outro jogador",
        "disconnected": "Conexão perdida; reconectando…",
        "no_games": "Nenhum jogo disponível.", "play_again": "Jogar de novo",
        "on_board": "no tabuleiro", "score": "pontos",
        "dice": "Dados: {dice}", "choose": "Escolha:",
        "resign": "Desistir", "resign_confirm": "Desistir mesmo?",
        "reason_resign": "{player} desistiu",
        "flip": "Girar o tabuleiro",
        "cancel": "Cancelar",
        "takes_side": "fica com {side}",
        "taken_off": "retiradas do tabuleiro: {cells}",
        "piece_key": "Os números de uma peça: {numbers} ({first} também embaixo).",
        "piece_key2": "Os números de uma peça: {numbers} ({first} também embaixo, "
        "{second} em cima).",
        "player": "um jogador", "in_progress": "em andamento", "plies": "{n} lances",
        "viewing": "Após o turno {turn} de {turns}: uma posição anterior.",
        "live": "Voltar à partida", "viewing_past": "É uma posição anterior: volte à partida "
        "para jogar.",
        "check": "xeque", "go_on": "continue com a mesma peça",
        "must_capture": "capturar é obrigatório: as peças marcadas devem capturar",
        "watching_no_move": "Você está assistindo: só os jogadores podem mover.",
        "no_move_piece": "Esta peça não tem nenhum lance legal.", "online": "presente",
        "not_here": "ainda não chegou",
    },
    "ru": {
        "sounds_off": "Звук: выкл.", "sounds_on": "Звук: вкл.",
        "clock": "часы", "no_clock": "без часов", "your_name": "Ваше имя",
        "save_name": "Сохранить", "reason_time": "{player}: время истекло",
        "offer_draw": "Предложить ничью", "take_back": "Вернуть ход", "rematch": "Реванш",
        "accept": "Принять", "decline": "Отклонить", "reason_agreement": "ничья по согласию",
        "offers_draw": "{player}: предложение ничьей.",
        "offers_undo": "{player}: просьба вернуть последний ход.",
        "offers_rematch": "{player}: предложение реванша.",
        "offers_restart": "{player}: просьба начать партию заново.",
        "offer_waiting": "Ваше предложение ждёт ответа.", "offer_declined": "Отклонено.",
        "to_rematch": "Перейти к реваншу",
        "games": "Игры", "new_game": "Новая партия", "start": "Играть",
        "you": "я (этот браузер)", "friend": "друг (ссылка-приглашение)",
        "random": "случайный", "greedy": "жадный", "alphabeta": "альфа-бета",
        "mcts": "MCTS", "weak": "слабый", "medium": "средний", "strong": "сильный",
        "to_play": "ходит {player}", "phase": "фаза", "setup": "расстановка",
        "your_turn": "ваш ход", "waiting": "ждём: {player}",
        "thinking": "{player} думает…", "wins": "победа: {player}", "draw": "ничья",
        "over": "Партия окончена", "moves": "Ходы", "supply": "в запасе", "hand": "в руке",
        "rulebook": "Правила", "record_text": "Запись (текст)",
        "record_json": "Запись (JSON)", "record_pgn": "PGN",
        "invite": "Ссылка-приглашение для {player}",
        "copy": "Копировать", "copied": "Скопировано",
        "copy_by_hand": "Выделено: нажмите Ctrl+C, чтобы скопировать",
        "watching": "Вы наблюдаете (только просмотр).",
        "rules_changed": "Файл правил изменился.",
        "restart_new": "Начать заново по новым правилам",
        "rules_broken": "В файле правил ошибки; продолжается игра по прежней версии:",
        "show_board": "Показать доску (прежние правила)", "recent": "Недавние партии",
        "watch": "смотреть", "not_played": "Ход не сделан",
        "not_your_turn": "Сейчас не ваш ход.", "seats": "Места", "person": "другой игрок",
        "disconnected": "Связь потеряна; переподключение…",
        "no_games": "Нет доступных игр.", "play_again": "Сыграть ещё раз",
        "on_board": "на доске", "score": "очки",
        "dice": "Кости: {dice}", "choose": "Выберите:",
        "resign": "Сдаться", "resign_confirm": "Точно сдаться?",
        "reason_resign": "{player}: сдались",
        "flip": "Перевернуть доску",
        "cancel": "Отмена",
        "takes_side": "берёт {side}",
        "taken_off": "сняты с доски: {cells}",
        "piece_key": "Числа на фигуре: {numbers} ({first} также снизу).",
        "piece_key2": "Числа на фигуре: {numbers} ({first} также снизу, {second} сверху).",
        "player": "игрок", "in_progress": "идёт", "plies": "ходов: {n}",
        "viewing": "После хода {turn} из {turns}: прежняя позиция.",
        "live": "Вернуться к партии", "viewing_past": "Это прежняя позиция: вернитесь к "
        "партии, чтобы ходить.",
        "check": "шах", "go_on": "продолжайте той же фигурой",
        "must_capture": "взятие обязательно: отмеченные фигуры должны бить",
        "watching_no_move": "Вы наблюдаете: ходить могут только игроки.",
        "no_move_piece": "У этой фигуры нет допустимых ходов.", "online": "в игре",
        "not_here": "ещё не подключился",
    },
    "eo": {
        "sounds_off": "Sonoj: malŝaltitaj", "sounds_on": "Sonoj: ŝaltitaj",
        "clock": "horloĝo", "no_clock": "sen horloĝo", "your_name": "Via nomo",
        "save_name": "Konservi", "reason_time": "{player} elĉerpis sian tempon",
        "offer_draw": "Proponi egalludon", "take_back": "Malfari movon", "rematch": "Revanĉo",
        "accept": "Akcepti", "decline": "Rifuzi", "reason_agreement": "interkonsentita egalludo",
        "offers_draw": "{player} proponas egalludon.",
        "offers_undo": "{player} petas malfari sian lastan movon.",
        "offers_rematch": "{player} proponas revanĉon.",
        "offers_restart": "{player} petas rekomenci la ludon.",
        "offer_waiting": "Via propono atendas respondon.", "offer_declined": "Rifuzita.",
        "to_rematch": "Iri al la revanĉo",
        "games": "Ludoj", "new_game": "Nova ludo", "start": "Ludi",
        "you": "mi (ĉi tiu retumilo)", "friend": "amiko (invita ligilo)",
        "random": "hazarda", "greedy": "avida", "alphabeta": "alfa-beta", "mcts": "MCTS",
        "weak": "malforta", "medium": "meza", "strong": "forta",
        "to_play": "ludas {player}", "phase": "fazo", "setup": "preparo",
        "your_turn": "via vico", "waiting": "atendante {player}",
        "thinking": "{player} pensas…", "wins": "venko: {player}", "draw": "egalludo",
        "over": "Fino de la ludo", "moves": "Movoj", "supply": "en rezervo", "hand": "en la mano",
        "rulebook": "Regularo", "record_text": "Protokolo (teksto)",
        "record_json": "Protokolo (JSON)", "record_pgn": "PGN",
        "invite": "Invita ligilo por {player}",
        "copy": "Kopii", "copied": "Kopiita", "copy_by_hand": "Elektita: premu Ctrl+C por kopii",
        "watching": "Vi spektas (nur legi).",
        "rules_changed": "La dosiero de reguloj ŝanĝiĝis.",
        "restart_new": "Rekomenci laŭ la novaj reguloj",
        "rules_broken": "La dosiero de reguloj havas erarojn; la antaŭa versio daŭre ludiĝas:",
        "show_board": "Montri la tabulon (antaŭaj reguloj)", "recent": "Lastaj ludoj",
        "watch": "spekti", "not_played": "Ne ludita", "not_your_turn": "Ne estas via vico.",
        "seats": "Sidlokoj", "person": "alia ludanto",
        "disconnected": "Konekto perdita; rekonektante…",
        "no_games": "Neniu ludebla ludo.", "play_again": "Ludi denove",
        "on_board": "sur la tabulo", "score": "poentoj",
        "dice": "Ĵetkuboj: {dice}", "choose": "Elektu:",
        "resign": "Rezigni", "resign_confirm": "Ĉu vere rezigni?",
        "reason_resign": "{player} rezignis",
        "flip": "Turni la tabulon",
        "cancel": "Nuligi",
        "takes_side": "prenas {side}",
        "taken_off": "forprenitaj de la tabulo: {cells}",
        "piece_key": "La nombroj sur peco: {numbers} ({first} ankaŭ sube).",
        "piece_key2": "La nombroj sur peco: {numbers} ({first} ankaŭ sube, {second} supre).",
        "player": "ludanto", "in_progress": "daŭras", "plies": "{n} movoj",
        "viewing": "Post vico {turn} el {turns}: antaŭa pozicio.",
        "live": "Reen al la ludo", "viewing_past": "Jen antaŭa pozicio: reiru al la ludo por "
        "ludi.",
        "check": "ŝako", "go_on": "daŭrigu per la sama peco",
        "must_capture": "kapti estas devige: la markitaj pecoj devas kapti",
        "watching_no_move": "Vi spektas: nur la ludantoj povas movi.",
        "no_move_piece": "Ĉi tiu peco ne havas laŭregulan movon.", "online": "ĉeestas",
        "not_here": "ankoraŭ ne alvenis",
    },
}

_RANGE = re.compile(r"\s*([A-Za-z]{1,8})(?:-[A-Za-z0-9]{1,8})*\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*")


def pick_language(query: str | None, accept: str | None) -> str:
    """``?lang=`` if it is one of ours, else the best of the browser's ``Accept-Language``
    that we have, else English."""
    if query in LANGUAGES:
        return str(query)
    best, best_q = "en", -1.0
    for position, part in enumerate((accept or "").split(",")[:32]):
        found = _RANGE.fullmatch(part)
        if not found:
            continue
        lang = found.group(1).lower()
        try:
            q = float(found.group(2)) if found.group(2) else 1.0
        except ValueError:
            continue
        q -= position * 1e-6  # equal weights: the first listed wins
        if lang in LANGUAGES and q > best_q:
            best, best_q = lang, q
    return best


def texts(lang: str) -> Mapping[str, str]:
    return TEXTS.get(lang, TEXTS["en"])


#: The designer's bench (position editor, state inspector, records, a game kept across an
#: edited file), kept apart so that the page's other words can grow without touching it.
BENCH_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "bench": "Designer's bench", "edit_position": "Edit this position",
        "inspect": "Inspect the state", "open_record": "Open a record…",
        "editor_help": "Choose a piece, then click cells to put it there (click it again "
                       "to take it off).",
        "erase": "Empty a cell", "block": "Block a cell",
        "editor_to_move": "To move", "editor_step": "Turn step",
        "turn_start": "start of a turn", "editor_numbers": "Numbers (hands, piles, clocks)",
        "editor_counters": "Counters",
        "editor_valid": "A position of {game}: {n} legal moves.",
        "editor_over": "A finished position of {game}.",
        "editor_invalid": "Not a position of this game:",
        "editor_json": "Position JSON (boardspec show --position reads it)",
        "read_json": "Read the JSON", "editor_fen": "FEN", "read_fen": "Read the FEN",
        "clear_board": "Clear the board", "start_here": "Start here",
        "leave_editor": "Leave the editor", "inspector": "State inspector",
        "insp_setup": "Setup step", "insp_phase": "Phase", "insp_to_move": "To move",
        "insp_fullmove": "Move number", "insp_slots": "Slots",
        "insp_legal": "Legal actions ({n})", "insp_default": "(default)",
        "step_first": "First position", "step_back": "One turn back",
        "step_forward": "One turn on", "step_last": "Last position",
        "record_bad": "The record was not opened:",
        "keep_all": "Every move so far is still legal under the new rules.",
        "keep_stop": "Under the new rules the game stops being legal at turn {turn}: "
                     "{player}'s {action} is refused ({reason}).",
        "keep_position": "The game's starting position does not fit the new rules "
                         "({reason}).",
        "keep_continue": "Go on under the new rules",
        "keep_from": "Keep the first {turn} turns and go on",
        "keep_first": "Keep the first turn and go on",
    },
    "es": {
        "bench": "Mesa del diseñador", "edit_position": "Editar esta posición",
        "inspect": "Inspeccionar el estado", "open_record": "Abrir una partida grabada…",
        "editor_help": "Elige una pieza y haz clic en las casillas para ponerla (otro clic "
                       "la quita).",
        "erase": "Vaciar una casilla", "block": "Bloquear una casilla",
        "editor_to_move": "Juega", "editor_step": "Paso del "
        "turno", "turn_start": "inicio de un turno",
        "editor_numbers": "Números (manos, montones, relojes)", "editor_counters": "Contadores",
        "editor_valid": "Una posición de {game}: {n} jugadas legales.",
        "editor_over": "Una posición terminada de {game}.",
        "editor_invalid": "No es una posición de este juego:",
        "editor_json": "JSON de la posición (lo lee boardspec show --position)",
        "read_json": "Leer el JSON", "editor_fen": "FEN", "read_fen": "Leer el FEN",
        "clear_board": "Vaciar el tablero", "start_here": "Empezar aquí",
        "leave_editor": "Salir del editor", "inspector": "Inspector del estado",
        "insp_setup": "Paso de preparación", "insp_phase": "Fase", "insp_to_move": "Juega",
        "insp_fullmove": "Número de jugada", "insp_slots": "Variables",
        "insp_legal": "Acciones legales ({n})", "insp_default": "(por defecto)",
        "step_first": "Primera posición", "step_back": "Un turno atrás",
        "step_forward": "Un turno adelante", "step_last": "Última posición",
        "record_bad": "No se abrió la partida grabada:",
        "keep_all": "Todas las jugadas hechas siguen siendo legales con las nuevas reglas.",
        "keep_stop": "Con las nuevas reglas la partida deja de ser legal en el turno "
                     "{turn}: {action} de {player} se rechaza ({reason}).",
        "keep_position": "La posición inicial de la partida no vale con las nuevas reglas "
                         "({reason}).",
        "keep_continue": "Seguir con las nuevas reglas",
        "keep_from": "Conservar los {turn} primeros turnos y seguir",
        "keep_first": "Conservar el primer turno y seguir",
    },
    "pt": {
        "bench": "Bancada do designer", "edit_position": "Editar esta posição",
        "inspect": "Inspecionar o estado", "open_record": "Abrir um registro de partida…",
        "editor_help": "Escolha uma peça e clique nas casas para colocá-la (outro clique a "
                       "retira).",
        "erase": "Esvaziar uma casa", "block": "Bloquear uma casa",
        "editor_to_move": "Joga", "editor_step": "Etapa do "
        "turno", "turn_start": "início de um turno",
        "editor_numbers": "Números (mãos, pilhas, relógios)", "editor_counters": "Contadores",
        "editor_valid": "Uma posição de {game}: {n} lances legais.",
        "editor_over": "Uma posição terminada de {game}.",
        "editor_invalid": "Não é uma posição deste jogo:",
        "editor_json": "JSON da posição (boardspec show --position o lê)",
        "read_json": "Ler o JSON", "editor_fen": "FEN", "read_fen": "Ler o FEN",
        "clear_board": "Esvaziar o tabuleiro", "start_here": "Começar daqui",
        "leave_editor": "Sair do editor", "inspector": "Inspetor do estado",
        "insp_setup": "Etapa de preparação", "insp_phase": "Fase", "insp_to_move": "Joga",
        "insp_fullmove": "Número do lance", "insp_slots": "Variáveis",
        "insp_legal": "Ações legais ({n})", "insp_default": "(padrão)",
        "step_first": "Primeira posição", "step_back": "Um turno para trás",
        "step_forward": "Um turno para a frente", "step_last": "Última posição",
        "record_bad": "O registro não foi aberto:",
        "keep_all": "Todos os lances feitos continuam legais com as novas regras.",
        "keep_stop": "Com as novas regras a partida deixa de ser legal no turno {turn}: "
                     "{action} de {player} é recusado ({reason}).",
        "keep_position": "A posição inicial da partida não serve às novas regras "
                         "({reason}).",
        "keep_continue": "Continuar com as novas regras",
        "keep_from": "Manter os {turn} primeiros turnos e continuar",
        "keep_first": "Manter o primeiro turno e continuar",
    },
    "ru": {
        "bench": "Стол конструктора", "edit_position": "Редактировать эту позицию",
        "inspect": "Показать состояние", "open_record": "Открыть запись партии…",
        "editor_help": "Выберите фигуру и щёлкайте по полям, чтобы поставить её (повторный "
                       "щелчок её снимает).",
        "erase": "Очистить поле", "block": "Закрыть поле",
        "editor_to_move": "Ход", "editor_step": "Шаг хода",
        "turn_start": "начало хода", "editor_numbers": "Числа (руки, кучки, счётчики ходов)",
        "editor_counters": "Счётчики",
        "editor_valid": "Позиция игры {game}: законных ходов — {n}.",
        "editor_over": "Законченная позиция игры {game}.",
        "editor_invalid": "Это не позиция этой игры:",
        "editor_json": "JSON позиции (его читает boardspec show --position)",
        "read_json": "Прочитать JSON", "editor_fen": "FEN", "read_fen": "Прочитать FEN",
        "clear_board": "Очистить доску", "start_here": "Начать отсюда",
        "leave_editor": "Выйти из редактора", "inspector": "Состояние игры",
        "insp_setup": "Шаг расстановки", "insp_phase": "Фаза", "insp_to_move": "Ход",
        "insp_fullmove": "Номер хода", "insp_slots": "Переменные",
        "insp_legal": "Законные действия ({n})", "insp_default": "(по умолчанию)",
        "step_first": "Начальная позиция", "step_back": "На ход назад",
        "step_forward": "На ход вперёд", "step_last": "Последняя позиция",
        "record_bad": "Запись не открыта:",
        "keep_all": "Все сделанные ходы законны и по новым правилам.",
        "keep_stop": "По новым правилам партия перестаёт быть законной на ходу {turn}: "
                     "{action} ({player}) не принимается ({reason}).",
        "keep_position": "Начальная позиция партии не подходит к новым правилам "
                         "({reason}).",
        "keep_continue": "Продолжить по новым правилам",
        "keep_from": "Продолжить после хода {turn}",
        "keep_first": "Продолжить после первого хода",
    },
    "eo": {
        "bench": "Tablo de la desegnanto", "edit_position": "Redakti ĉi tiun pozicion",
        "inspect": "Esplori la staton", "open_record": "Malfermi registron de ludo…",
        "editor_help": "Elektu pecon, poste alklaku kampojn por meti ĝin tien (denova "
                       "alklako forprenas ĝin).",
        "erase": "Malplenigi kampon", "block": "Bloki kampon",
        "editor_to_move": "Movas", "editor_step": "Paŝo de "
        "la vico", "turn_start": "komenco de vico",
        "editor_numbers": "Nombroj (manoj, amasoj, horloĝoj)", "editor_counters": "Nombriloj",
        "editor_valid": "Pozicio de {game}: {n} laŭregulaj movoj.",
        "editor_over": "Finita pozicio de {game}.",
        "editor_invalid": "Ne pozicio de ĉi tiu ludo:",
        "editor_json": "JSON de la pozicio (boardspec show --position legas ĝin)",
        "read_json": "Legi la JSON", "editor_fen": "FEN", "read_fen": "Legi la FEN",
        "clear_board": "Malplenigi la tabulon", "start_here": "Komenci ĉi tie",
        "leave_editor": "Forlasi la redaktilon", "inspector": "Esplorilo de la stato",
        "insp_setup": "Paŝo de aranĝo", "insp_phase": "Fazo", "insp_to_move": "Movas",
        "insp_fullmove": "Numero de movo", "insp_slots": "Variabloj",
        "insp_legal": "Laŭregulaj agoj ({n})", "insp_default": "(defaŭlta)",
        "step_first": "Unua pozicio", "step_back": "Unu vicon malantaŭen",
        "step_forward": "Unu vicon antaŭen", "step_last": "Lasta pozicio",
        "record_bad": "La registro ne malfermiĝis:",
        "keep_all": "Ĉiuj faritaj movoj restas laŭregulaj laŭ la novaj reguloj.",
        "keep_stop": "Laŭ la novaj reguloj la ludo ĉesas esti laŭregula ĉe la vico {turn}: "
                     "{action} de {player} estas rifuzita ({reason}).",
        "keep_position": "La komenca pozicio de la ludo ne taŭgas por la novaj reguloj "
                         "({reason}).",
        "keep_continue": "Daŭrigi laŭ la novaj reguloj",
        "keep_from": "Konservi la unuajn {turn} vicojn kaj daŭrigi",
        "keep_first": "Konservi la unuan vicon kaj daŭrigi",
    },
}
for _lang, _words in BENCH_TEXTS.items():
    TEXTS[_lang].update(_words)

#: Board sketching (issue 58): a board from a template, cells and links by clicking, zones
#: named, its board: and zones: blocks exported.
SKETCH_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "sketch": "Sketch a board", "sketch_template": "Template", "sketch_start": "Start",
        "sketch_add_cell": "Add cells", "sketch_remove_cell": "Remove cells",
        "sketch_link": "Link two cells", "sketch_zone": "Zone", "sketch_zone_name": "Zone name",
        "sketch_every_player": "every player", "sketch_players": "Players",
        "sketch_help": "Click the board: where there is no cell to add one, a cell to remove "
                       "it, two cells to link them (or unlink), a cell to put it in the zone "
                       "(or take it out).",
        "sketch_export": "board: and zones: for the game file", "sketch_copy": "Copy",
        "sketch_game": "A whole game file to start from",
    },
    "es": {
        "sketch": "Dibujar un tablero", "sketch_template": "Plantilla", "sketch_start": "Empezar",
        "sketch_add_cell": "Añadir casillas", "sketch_remove_cell": "Quitar casillas",
        "sketch_link": "Unir dos casillas", "sketch_zone": "Zona",
        "sketch_zone_name": "Nombre de la zona", "sketch_every_player": "todos los jugadores",
        "sketch_players": "Jugadores",
        "sketch_help": "Haz clic en el tablero: donde no hay casilla para añadir una, en una "
                       "casilla para quitarla, en dos casillas para unirlas (o separarlas), en "
                       "una casilla para ponerla en la zona (o sacarla).",
        "sketch_export": "board: y zones: para el archivo del juego", "sketch_copy": "Copiar",
        "sketch_game": "Un archivo de juego completo para empezar",
    },
    "pt": {
        "sketch": "Desenhar um tabuleiro", "sketch_template": "Modelo", "sketch_start": "Começar",
        "sketch_add_cell": "Adicionar casas", "sketch_remove_cell": "Remover casas",
        "sketch_link": "Ligar duas casas", "sketch_zone": "Zona",
        "sketch_zone_name": "Nome da zona", "sketch_every_player": "todos os jogadores",
        "sketch_players": "Jogadores",
        "sketch_help": "Clique no tabuleiro: onde não há casa para adicionar uma, numa casa "
                       "para removê-la, em duas casas para ligá-las (ou desligá-las), numa "
                       "casa para pô-la na zona (ou tirá-la).",
        "sketch_export": "board: e zones: para o arquivo do jogo", "sketch_copy": "Copiar",
        "sketch_game": "Um arquivo de jogo completo para começar",
    },
    "ru": {
        "sketch": "Нарисовать доску", "sketch_template": "Шаблон", "sketch_start": "Начать",
        "sketch_add_cell": "Добавлять клетки", "sketch_remove_cell": "Убирать клетки",
        "sketch_link": "Соединять две клетки", "sketch_zone": "Зона",
        "sketch_zone_name": "Имя зоны", "sketch_every_player": "все игроки",
        "sketch_players": "Игроки",
        "sketch_help": "Щёлкните по доске: где клетки нет — чтобы добавить её, по клетке — "
                       "чтобы убрать её, по двум клеткам — чтобы соединить их (или "
                       "разъединить), по клетке — чтобы включить её в зону (или исключить).",
        "sketch_export": "board: и zones: для файла игры", "sketch_copy": "Копировать",
        "sketch_game": "Целый файл игры для начала",
    },
    "eo": {
        "sketch": "Skizi tabulon", "sketch_template": "Ŝablono", "sketch_start": "Komenci",
        "sketch_add_cell": "Aldoni fakojn", "sketch_remove_cell": "Forigi fakojn",
        "sketch_link": "Ligi du fakojn", "sketch_zone": "Zono",
        "sketch_zone_name": "Nomo de la zono", "sketch_every_player": "ĉiuj ludantoj",
        "sketch_players": "Ludantoj",
        "sketch_help": "Alklaku la tabulon: kie ne estas fako por aldoni unu, fakon por "
                       "forigi ĝin, du fakojn por ligi ilin (aŭ malligi), fakon por meti ĝin "
                       "en la zonon (aŭ elpreni ĝin).",
        "sketch_export": "board: kaj zones: por la ludodosiero", "sketch_copy": "Kopii",
        "sketch_game": "Tuta ludodosiero por komenci",
    },
}
for _lang, _words in SKETCH_TEXTS.items():
    TEXTS[_lang].update(_words)
