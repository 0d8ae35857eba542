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
        "games": "Games", "new_game": "New game", "start": "Play", "you": "me (this browser)",
        "friend": "a friend (invite link)", "random": "random", "greedy": "greedy",
        "alphabeta": "alpha-beta", "mcts": "MCTS", "weak": "weak", "medium": "medium",
        "strong": "strong", "to_play": "{player} to play", "phase": "phase",
        "setup": "setup", "your_turn": "your turn", "waiting": "waiting for {player}",
        "thinking": "{player} is thinking…", "wins": "winner: {player}", "draw": "draw",
        "over": "Game over", "moves": "Moves", "supply": "in supply", "hand": "in hand",
        "rulebook": "Rulebook",
        "record_text": "Record (text)", "record_json": "Record (JSON)",
        "invite": "Invite link for {player}", "watching": "You are watching (read-only).",
        "rules_changed": "The rules file has changed.",
        "restart_new": "Restart with the new rules",
        "rules_broken": "The rules file has errors; the previous version keeps playing:",
        "show_board": "Show the board (previous rules)", "recent": "Recent games",
        "watch": "watch", "not_played": "Not played", "not_your_turn": "It is not your turn.",
        "seats": "Seats", "person": "another player",
        "disconnected": "Connection lost; reconnecting…",
        "no_games": "No playable game.", "play_again": "Play again",
        "on_board": "on the board", "choose": "Choose:",
        "resign": "Resign", "resign_confirm": "Really resign?",
        "reason_resign": "{player} resigned",
        "flip": "Flip the board",
        "cancel": "Cancel", "reason_checkmate": "checkmate",
        "reason_stalemate": "stalemate", "reason_line": "{n} in a row",
        "reason_no_move": "no move left", "reason_no_pieces": "no pieces left",
        "reason_counter": "{counter}: {n} reached", "reason_connect": "sides connected",
        "reason_zone": "the goal reached", "reason_clock": "{n} moves without a capture",
        "reason_goal": "goal met",
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
        "record_json": "Registro (JSON)", "invite": "Enlace de invitación para {player}",
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
        "on_board": "en el tablero", "choose": "Elige:",
        "resign": "Abandonar", "resign_confirm": "¿Seguro que abandonas?",
        "reason_resign": "{player} abandonó",
        "flip": "Girar el tablero",
        "cancel": "Cancelar", "reason_checkmate": "jaque mate",
        "reason_stalemate": "ahogado", "reason_line": "{n} en línea",
        "reason_no_move": "sin jugadas", "reason_no_pieces": "sin piezas",
        "reason_counter": "{counter}: {n} alcanzado", "reason_connect": "lados unidos",
        "reason_zone": "meta alcanzada", "reason_clock": "{n} jugadas sin captura",
        "reason_goal": "objetivo cumplido",
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
        "games": "Jogos", "new_game": "Nova partida", "start": "Jogar",
        "you": "eu (este navegador)", "friend": "um amigo (link de convite)",
        "random": "aleatório", "greedy": "guloso", "alphabeta": "alfa-beta", "mcts": "MCTS",
        "weak": "fraco", "medium": "médio", "strong": "forte",
        "to_play": "joga {player}", "phase": "fase", "setup": "preparação",
        "your_turn": "sua vez", "waiting": "esperando {player}",
        "thinking": "{player} está pensando…", "wins": "vitória: {player}", "draw": "empate",
        "over": "Fim de jogo", "moves": "Lances", "supply": "na reserva", "hand": "na mão",
        "rulebook": "Livro de regras", "record_text": "Registro (texto)",
        "record_json": "Registro (JSON)", "invite": "Link de convite para {player}",
        "watching": "Você está assistindo (somente leitura).",
        "rules_changed": "O arquivo de regras mudou.",
        "restart_new": "Recomeçar com as novas regras",
        "rules_broken": "O arquivo de regras tem erros; a versão anterior continua em jogo:",
        "show_board": "Mostrar o tabuleiro (regras anteriores)",
        "recent": "Partidas recentes", "watch": "assistir", "not_played": "Não jogado",
        "not_your_turn": "Não é a sua vez.", "seats": "Lugares", "person": "outro jogador",
        "disconnected": "Conexão perdida; reconectando…",
        "no_games": "Nenhum jogo disponível.", "play_again": "Jogar de novo",
        "on_board": "no tabuleiro", "choose": "Escolha:",
        "resign": "Desistir", "resign_confirm": "Desistir mesmo?",
        "reason_resign": "{player} desistiu",
        "flip": "Girar o tabuleiro",
        "cancel": "Cancelar", "reason_checkmate": "xeque-mate",
        "reason_stalemate": "afogamento", "reason_line": "{n} em linha",
        "reason_no_move": "sem lances", "reason_no_pieces": "sem peças",
        "reason_counter": "{counter}: {n} alcançado", "reason_connect": "lados ligados",
        "reason_zone": "meta alcançada", "reason_clock": "{n} lances sem captura",
        "reason_goal": "objetivo cumprido",
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
        "games": "Игры", "new_game": "Новая партия", "start": "Играть",
        "you": "я (этот браузер)", "friend": "друг (ссылка-приглашение)",
        "random": "случайный", "greedy": "жадный", "alphabeta": "альфа-бета",
        "mcts": "MCTS", "weak": "слабый", "medium": "средний", "strong": "сильный",
        "to_play": "ходит {player}", "phase": "фаза", "setup": "расстановка",
        "your_turn": "ваш ход", "waiting": "ждём: {player}",
        "thinking": "{player} думает…", "wins": "победа: {player}", "draw": "ничья",
        "over": "Партия окончена", "moves": "Ходы", "supply": "в запасе", "hand": "в руке",
        "rulebook": "Правила", "record_text": "Запись (текст)",
        "record_json": "Запись (JSON)", "invite": "Ссылка-приглашение для {player}",
        "watching": "Вы наблюдаете (только просмотр).",
        "rules_changed": "Файл правил изменился.",
        "restart_new": "Начать заново по новым правилам",
        "rules_broken": "В файле правил ошибки; продолжается игра по прежней версии:",
        "show_board": "Показать доску (прежние правила)", "recent": "Недавние партии",
        "watch": "смотреть", "not_played": "Ход не сделан",
        "not_your_turn": "Сейчас не ваш ход.", "seats": "Места", "person": "другой игрок",
        "disconnected": "Связь потеряна; переподключение…",
        "no_games": "Нет доступных игр.", "play_again": "Сыграть ещё раз",
        "on_board": "на доске", "choose": "Выберите:",
        "resign": "Сдаться", "resign_confirm": "Точно сдаться?",
        "reason_resign": "{player}: сдались",
        "flip": "Перевернуть доску",
        "cancel": "Отмена", "reason_checkmate": "мат",
        "reason_stalemate": "пат", "reason_line": "{n} в ряд",
        "reason_no_move": "нет ходов", "reason_no_pieces": "не осталось фигур",
        "reason_counter": "{counter}: достигнуто {n}", "reason_connect": "стороны соединены",
        "reason_zone": "цель достигнута", "reason_clock": "{n} ходов без взятия",
        "reason_goal": "цель выполнена",
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
        "games": "Ludoj", "new_game": "Nova ludo", "start": "Ludi",
        "you": "mi (ĉi tiu retumilo)", "friend": "amiko (invita ligilo)",
        "random": "hazarda", "greedy": "avida", "alphabeta": "alfa-beta", "mcts": "MCTS",
        "weak": "malforta", "medium": "meza", "strong": "forta",
        "to_play": "ludas {player}", "phase": "fazo", "setup": "preparo",
        "your_turn": "via vico", "waiting": "atendante {player}",
        "thinking": "{player} pensas…", "wins": "venko: {player}", "draw": "egalludo",
        "over": "Fino de la ludo", "moves": "Movoj", "supply": "en rezervo", "hand": "en la mano",
        "rulebook": "Regularo", "record_text": "Protokolo (teksto)",
        "record_json": "Protokolo (JSON)", "invite": "Invita ligilo por {player}",
        "watching": "Vi spektas (nur legi).",
        "rules_changed": "La dosiero de reguloj ŝanĝiĝis.",
        "restart_new": "Rekomenci laŭ la novaj reguloj",
        "rules_broken": "La dosiero de reguloj havas erarojn; la antaŭa versio daŭre ludiĝas:",
        "show_board": "Montri la tabulon (antaŭaj reguloj)", "recent": "Lastaj ludoj",
        "watch": "spekti", "not_played": "Ne ludita", "not_your_turn": "Ne estas via vico.",
        "seats": "Sidlokoj", "person": "alia ludanto",
        "disconnected": "Konekto perdita; rekonektante…",
        "no_games": "Neniu ludebla ludo.", "play_again": "Ludi denove",
        "on_board": "sur la tabulo", "choose": "Elektu:",
        "resign": "Rezigni", "resign_confirm": "Ĉu vere rezigni?",
        "reason_resign": "{player} rezignis",
        "flip": "Turni la tabulon",
        "cancel": "Nuligi", "reason_checkmate": "ŝakmato",
        "reason_stalemate": "pato", "reason_line": "{n} en vico",
        "reason_no_move": "neniu movo restas", "reason_no_pieces": "neniu peco restas",
        "reason_counter": "{counter}: {n} atingita", "reason_connect": "flankoj kunigitaj",
        "reason_zone": "celo atingita", "reason_clock": "{n} movoj sen kapto",
        "reason_goal": "celo plenumita",
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
