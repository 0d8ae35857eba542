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
        "seats": "Seats", "person": "person", "disconnected": "Connection lost; reconnecting…",
        "no_games": "No playable game.", "play_again": "Play again",
        "on_board": "on the board", "choose": "Choose:",
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
        "seats": "Asientos", "person": "persona",
        "disconnected": "Conexión perdida; reconectando…",
        "no_games": "Ningún juego disponible.", "play_again": "Jugar otra vez",
        "on_board": "en el tablero", "choose": "Elige:",
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
        "not_your_turn": "Não é a sua vez.", "seats": "Lugares", "person": "pessoa",
        "disconnected": "Conexão perdida; reconectando…",
        "no_games": "Nenhum jogo disponível.", "play_again": "Jogar de novo",
        "on_board": "no tabuleiro", "choose": "Escolha:",
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
        "not_your_turn": "Сейчас не ваш ход.", "seats": "Места", "person": "человек",
        "disconnected": "Связь потеряна; переподключение…",
        "no_games": "Нет доступных игр.", "play_again": "Сыграть ещё раз",
        "on_board": "на доске", "choose": "Выберите:",
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
        "seats": "Sidlokoj", "person": "homo",
        "disconnected": "Konekto perdita; rekonektante…",
        "no_games": "Neniu ludebla ludo.", "play_again": "Ludi denove",
        "on_board": "sur la tabulo", "choose": "Elektu:",
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
