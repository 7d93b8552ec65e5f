"""The lines and boxes of a page set inside the article: captions and credits, the author's box, calls to act, the
comments' furniture, "Read also" teasers, copyright notices, clock lines."""

from __future__ import annotations

import re

from ...html.dom import Element, text_content
from .choice import BODY_BLOCKS, innermost_text_blocks
from .edges import DATELINE_WORDS, MAX_TITLE_WORDS, PROSE_WORDS, is_dateline, is_timed_dateline
from .tree import (
    HEADINGS,
    MEDIA,
    in_code,
    is_own_line,
    marked_elements,
    remove_with_empty_wrappers,
    visible_length,
    words_up_to,
)

# --- Captions: the text an image carries, which is not the article's ----------------------------------

_CAPTION_MARKS = re.compile(r"(?:^|[\s_-])(?:caption|captions|credit|credits|copyright)(?:$|[\s_-])", re.IGNORECASE)
_CAPTION_HINT = re.compile(r"caption|credit|copyright", re.I)
"""A cheap look before ``_CAPTION_MARKS``."""
_CAPTION_PROPS = frozenset({"caption", "creditText", "copyrightHolder", "copyrightNotice", "copyrightYear"})
_MAX_CAPTION = 600
"""Characters of text a caption may hold: more, and it is a passage set beside the image."""
_NOT_CAPTIONS = ("pre", "code", "table", "blockquote", "ul", "ol")


_CREDIT = re.compile(
    r"©|\(c\)\s|\b(?:photo|photos|photograph|picture|image|foto|fotos|bild|bilder|credits?|quelle|fuente|fonte|"
    r"crédits?|kuva|zdjęcie)\s*(?::|by\b|von\b|par\b|por\b|de\b)|getty\s*images|\breuters\b|\bafp\b|"
    r"\bap photo\b|\bdpa\b|\bepa\b|shutterstock|istock|\bimago\b|keystone|picture[- ]alliance|scanpix|"
    r"\bxinhua\b|\banadolu\b|\bkyodo\b|\byonhap\b|연합뉴스|뉴시스|뉴스1|共同通信|新华社",
    re.IGNORECASE,
)
"""What a photo's credit line holds: a copyright sign, a label ("Photo:", "Foto:", "Bild:", "Photo by"), or a
picture agency's name."""


def _drop_credited_figures(content: Element) -> None:
    """An image's caption and credit line ("Photo by X/Getty Images", "Foto: Y") describe the image, which the
    text has not: the text beside the media of a ``<figure>`` that credits its picture goes (a caption an author
    writes about a figure, with no credit, stays)."""
    for figure in list(content.iter("figure")):
        if figure.getparent() is None or next(figure.iter(*MEDIA), None) is None:
            continue
        blocks = [block for block in _beside_the_media(figure) if visible_length(block) <= _MAX_CAPTION]
        if any(_CREDIT.search(text_content(block)) for block in blocks):
            for block in blocks:
                remove_with_empty_wrappers(block, content)


def _is_marked_caption(element: Element, classes: str | None) -> bool:
    """A block marked as a caption or a credit (a class word, schema.org's ``itemprop``) that holds no media."""
    marked = (classes and _CAPTION_HINT.search(classes) and _CAPTION_MARKS.search(classes)) or (
        element.get("itemprop") in _CAPTION_PROPS
    )
    if not marked or next(element.iter(*MEDIA, *_NOT_CAPTIONS), None) is not None:
        return False
    return 0 < visible_length(element) <= _MAX_CAPTION


_MIN_ALT_WORDS = 4


def _alt_texts(content: Element) -> set[str]:
    """The ``alt`` texts of the article's pictures (of a few words at least), casefolded."""
    alts = set()
    for image in content.iter("img"):
        alt = " ".join((image.get("alt") or "").split())
        if len(alt.split()) >= _MIN_ALT_WORDS:
            alts.add(alt.casefold())
    return alts


def _is_alt_repeat(block: Element, text: str, alts: set[str]) -> bool:
    """A block that repeats a picture's ``alt`` text word for word and credits it is the picture's caption, set
    outside a ``<figure>``; an author's caption that credits no one stays."""
    return text.casefold() in alts and _CREDIT.search(text) is not None and next(block.iter(*MEDIA), None) is None


def _drop_lines(content: Element) -> list[Element]:
    """The article's lines judged by what they say, in one pass over its innermost blocks: a call to act, an
    advertisement's label, a "Read also" teaser, a credit line, a clock line, the comments' label, a caption that
    repeats a picture's ``alt``; and after the article's last paragraph, the comments' rules. Gives the lines that
    are a date with its time of day, for :func:`_drop_timed_datelines` (after the datelines at the edges, which go
    with the byline they may share a box with)."""
    alts = _alt_texts(content)
    # the most words a line test can say yes to: a call to act's, a teaser's, a credit's, an alt's
    longest = max([_MAX_CALL_WORDS, MAX_TITLE_WORDS * 3, _CREDIT_WORDS, *(len(alt.split()) for alt in alts)])
    rules: list[Element] = []  # the comments' rules, if no paragraph follows them
    timed: list[Element] = []
    for block in innermost_text_blocks(content, BODY_BLOCKS):
        if block.getparent() is None:
            continue  # removed: what this pass removes holds no other block of the list
        raw = text_content(block)
        words = raw.split(maxsplit=longest)  # a passage's words past the longest line's are not split
        if len(words) > longest and words[0][:1].isalnum():  # a passage: only the comments' rules may say yes
            if _is_comment_rules_passage(raw):
                rules.append(block)
            else:
                rules.clear()  # a paragraph follows them: rules the article itself states
            continue
        text = " ".join(words if len(words) <= longest else raw.split())
        if _is_call_to_act(text, len(words)):
            remove_with_empty_wrappers(block, content)
        elif len(words) <= _MAX_RULES_WORDS and _is_comment_rules(text):
            rules.append(block)
        else:
            if len(words) >= PROSE_WORDS:
                rules.clear()  # a paragraph follows them: rules the article itself states
            if _is_other_furniture_line(block, text, len(words), content, alts):
                remove_with_empty_wrappers(block, content)
            elif len(words) <= DATELINE_WORDS and is_timed_dateline(block, text, content):
                timed.append(block)
    for block in rules:
        remove_with_empty_wrappers(block, content)
    return timed


def _drop_timed_datelines(content: Element, timed: list[Element]) -> None:
    """The lines that are a date with its time of day, left after the datelines at the article's edges went."""
    for block in timed:
        if block.getparent() is not None and any(ancestor is content for ancestor in block.iterancestors()):
            remove_with_empty_wrappers(block, content)


def _is_other_furniture_line(block: Element, text: str, words: int, content: Element, alts: set[str]) -> bool:
    """A "Read also" teaser, a credit line, a clock line, the comments' label, the tools' labels, a pager's line,
    the site's copyright notice, a caption repeating an ``alt`` (``words``: the line's count of words)."""
    if _is_read_also(block, text) or _is_credit_line(block, text, words, content):
        return True
    if words <= _CLOCK_WORDS and _LABEL_LINE.match(text) is not None:  # a clock's, the comments' or a tool's
        if _is_clock_line(block, text, content) or _is_comment_label(block, text):
            return True
        if _is_tool_label(block, text, content) or _is_pager_line(block, text, content):
            return True
    if words <= _NOTICE_WORDS and _is_copyright_notice(block, text, content):
        return True
    return bool(alts) and _is_alt_repeat(block, text, alts)


_TOOL_LABEL = re.compile(
    r"^\W*(?:(?:share|print|e-?mail|mail|save|tweet|copy link|embed|newsletter|feedback|"
    r"teilen|drucken|senden|zitieren|merken|speichern|link kopieren|fehler melden|"
    r"partager|imprimer|compartir|imprimir|condividi|stampa|"
    r"facebook|twitter|whatsapp|linkedin|telegram)\W*)+$",
    re.IGNORECASE,
)
"""The label of an article's tool, or of several side by side ("Teilen", "Drucken", "E-Mail", "Share"): a button
whose action Readability.js removed."""


def _is_tool_label(block: Element, text: str, content: Element) -> bool:
    """A line of its own that only names tools to share, print, save or mail the article (not a heading, which is
    judged as one; not in code)."""
    if _TOOL_LABEL.match(text) is None or next(block.iter(*HEADINGS), None) is not None:
        return False
    return is_own_line(block, content) and not in_code(block, content)


_PAGER_LINE = re.compile(
    r"^\W*(?:\d{1,3}\s*(?:/|of|von|de|di|sur|z|из)\s*\d{1,3}|"
    r"(?:previous|prev|next|zurück|weiter|vorherige[rs]?|nächste[rs]?|précédent|suivant|anterior|siguiente)"
    r"(?: (?:post|article|story|page|slide|image|photo|picture|bild|artikel|beitrag|seite))?)\W*$",
    re.IGNORECASE,
)
"""A pager's line: a slideshow's counter ("3 of 10", "2 / 8") or a button to the previous or next slide, page or
post ("Previous", "Next Post →"), whose action Readability.js removed."""


def _is_pager_line(block: Element, text: str, content: Element) -> bool:
    """A line of its own that is only a pager's counter or button (not a heading: "Next" may title a section; not
    in code)."""
    if _PAGER_LINE.match(text) is None or next(block.iter(*HEADINGS), None) is not None:
        return False
    return is_own_line(block, content) and not in_code(block, content)


_NOTICE_WORDS = 30
_NOTICE_LENGTH = 200
"""Characters of a copyright notice at most (a script written without spaces has no words to count)."""
_COPYRIGHT_SIGNS = re.compile("©|ⓒ|opyright|OPYRIGHT")
_COPYRIGHT_OPENS = re.compile(r"^\W*(?:©|ⓒ|copyright\b)[^.!?]*\b(?:19|20)\d\d\b", re.IGNORECASE)
_RIGHTS_RESERVED = re.compile(
    r"all rights reserved|alle rechte vorbehalten|tous droits réservés|todos los derechos reservados|"
    r"tutti i diritti riservati|direitos reservados|版权所有|無断転載|무단 ?전재",
    re.IGNORECASE,
)
"""A copyright notice: it opens with its sign and a year ("© 2015 A Group", "Copyright © 2023 The Daily"), or it
reserves the rights beside its sign; a line that only mentions a copyright in passing ("first published at X.
Copyright 2015.") is the article's note on where it comes from."""


def _is_copyright_notice(block: Element, text: str, content: Element) -> bool:
    """A line of its own that is the site's copyright notice ("Copyright © 2023 The Daily, LLC.", "© 2015 A Media
    Group. All rights reserved."): the page's footer, left in the article; one in code is the code's."""
    if len(text) > _NOTICE_LENGTH or _COPYRIGHT_SIGNS.search(text) is None:
        return False  # (a cheap look first: most lines have no sign)
    if _COPYRIGHT_OPENS.match(text) is None and _RIGHTS_RESERVED.search(text) is None:
        return False
    return is_own_line(block, content) and not in_code(block, content)


_CLOCK_WORDS = 6
"""Words of a label line at most: a clock line, the comments' label, the article's tools' labels."""
_CLOCK_LINE = re.compile(
    r"^\W*(?:\d[\d./-]*\d\s*\W?\s*)?(?:"
    r"\d+\s*(?:min|mins|minutes?|hours?|hrs?|days?|weeks?)\.?\s*ago|"  # 2 hours ago
    r"vor \d+\s*(?:min\.?|minuten|std\.?|stunden?|tagen?)|il y a \d+\s*(?:min|minutes?|heures?|jours?)|"
    r"hace \d+\s*(?:min|minutos?|horas?|días?)|"
    r"(?:duration|dauer|durée|duración)\W*\d+(?::\d\d){1,2}|"  # a video's length
    r"\d+(?::\d\d){1,2}\s*min\.?|"
    r"\d+\s*(?:min\.?|mins|minutes?|minuten)\s*(?:read|lesezeit|lesedauer|de lecture|de lectura)|"  # reading time
    r"(?:reading time|lesezeit|lesedauer|temps de lecture|tiempo de lectura)\W*\d+\s*(?:min\.?|minutes?|minuten)"
    r")\W*(?:\d{1,2}:\d\d)?\W*$",
    re.IGNORECASE,
)
"""A line that only says how long ago a post was made, how long a video runs or how long the article takes to
read ("2 hours ago", "Duration 1:30", "26.10.2025 | 2:43 min", "3 Min Lesezeit"): a teaser's or a header's data."""


def _is_clock_line(block: Element, text: str, content: Element) -> bool:
    """A line of its own that is only an age, a running time or a reading time (``text``: its text); one with a
    ``<time>`` is a dateline's, judged with the line it may share with a byline (:func:`_drop_edge_datelines`)."""
    if _CLOCK_LINE.match(text) is None or next(block.iter("time"), None) is not None:
        return False
    return is_own_line(block, content) and not in_code(block, content)


_CREDIT_WORDS = 8
_CREDIT_LENGTH = 60
"""Characters of a credit line at most (scripts written without spaces have no words to count)."""


def _is_credit_line(element: Element, text: str, words: int, content: Element) -> bool:
    """A line of its own that is only a credit: "© A. Writer", "Quelle: dpa", "A. Writer/Getty Images"; the credit
    opens or closes it (a sentence that names an agency in passing is no credit line). ``text``: its text,
    ``words``: its count of words."""
    if not text or words > _CREDIT_WORDS or len(text) > _CREDIT_LENGTH or text[-1] in ".!?:。":
        return False
    if not any(match.start() == 0 or match.end() == len(text) for match in _CREDIT.finditer(text)):
        return False  # (the text first: it is short, and most lines are no credit)
    return next(element.iter("a", *MEDIA), None) is None and is_own_line(element, content)


def _beside_the_media(figure: Element) -> list[Element]:
    """The elements of ``figure`` that hold text and no media: its caption, its credit. Code, a quotation or a
    table set in a figure is its content, not a caption: such a figure gives none."""
    if next(figure.iter(*_NOT_CAPTIONS), None) is not None:
        return []
    found: list[Element] = []
    for child in figure:
        if not isinstance(child.tag, str):
            continue
        if next(child.iter(*MEDIA), None) is not None:
            found.extend(_beside_the_media(child))
        elif text_content(child).strip():
            found.append(child)
    return found


# --- The author's box: a byline, a bio -----------------------------------------------------------------

_AUTHOR_MARKS = re.compile(r"(?:^|[\s_-])[a-z]*(?:author(?!it)|byline|contributor)[a-z]*(?:$|[\s_-])", re.I)
_AUTHOR_HINT = re.compile(r"author|byline|contributor", re.I)
"""A cheap look before ``_AUTHOR_MARKS`` (most elements have no such class)."""
_DATE_MARKS = re.compile(r"(?:^|[\s_-])(?:date|dates|timestamp|dateline|pubdate)(?:$|[\s_-])", re.I)
_DATE_HINT = re.compile(r"date|timestamp", re.I)
_BOX_HINT = re.compile(r"caption|credit|copyright|author|byline|contributor|date|timestamp", re.I)
"""``_CAPTION_HINT``, ``_AUTHOR_HINT`` and ``_DATE_HINT`` at once: a look at a class before any box's test."""
_MAX_AUTHOR_BOX = 600
"""Characters of text an author's box may hold (a name, a role, a bio of a few sentences)."""


_BOX_ATTRIBUTES = ("class", "id", "itemprop")
"""The attributes that mark a caption, a credit, a dateline or an author's box."""


def _may_mark_a_box(value: str) -> bool:
    """Whether ``value``, as any of :data:`_BOX_ATTRIBUTES`, may mark a box :func:`_drop_marked_boxes` judges."""
    return bool(_BOX_HINT.search(value) or _AUTHOR_HINT.search(value)) or value in _CAPTION_PROPS


def _drop_marked_boxes(content: Element) -> None:
    """Boxes whose class says what they are, in one pass: a caption or a credit (:func:`_is_marked_caption`), or
    the author's box (a byline, a bio: "X covers politics..."): the feed's byline says who wrote it, and the bio
    is not the article. Bounded: a box that holds a passage of the article (more than a few sentences, or most of
    it) is no author's box."""
    total: int | None = None  # the article's length, measured once an author's box is found
    for element in marked_elements(content, _BOX_ATTRIBUTES, _may_mark_a_box):
        classes, name = element.get("class"), element.get("id")
        if not (
            (classes and _BOX_HINT.search(classes))
            or (name and _AUTHOR_HINT.search(name))
            or element.get("itemprop") in _CAPTION_PROPS
        ):
            continue  # no mark of a caption, a credit or an author: most elements
        if element.getparent() is None:
            continue
        if _is_marked_caption(element, classes) or _is_marked_dateline(element, classes, content):
            remove_with_empty_wrappers(element, content)
            continue
        if not (classes and _AUTHOR_HINT.search(classes) or name and _AUTHOR_HINT.search(name)):
            continue
        if not _AUTHOR_MARKS.search(f"{classes or ''} {name or ''}"):
            continue
        size = visible_length(element)
        if size > _MAX_AUTHOR_BOX:
            continue
        if total is None:
            total = visible_length(content)
        if 2 * size < total and next(element.iter("pre", "table"), None) is None:
            remove_with_empty_wrappers(element, content)


def _is_marked_dateline(element: Element, classes: str | None, content: Element) -> bool:
    """A short line of its own whose class says it is a date ("timestamp", "article-date") and that holds one: a
    dateline, or a teaser's, wherever it is set (the date is in the feed's fields)."""
    if not (classes and _DATE_HINT.search(classes) and _DATE_MARKS.search(classes)):
        return False
    if not 0 < words_up_to(element, DATELINE_WORDS) <= DATELINE_WORDS or not is_dateline(element):
        return False
    return is_own_line(element, content) and not in_code(element, content)


# --- Calls to act: subscribe, sign up, download, comment, report an error ---------------------------------

_CALLS_TO_ACT = re.compile(
    r"\b(?:"
    # English
    r"subscribe (?:now|today|to (?:our|the|my) (?:newsletter|channel|podcast))|already a subscriber|"
    r"sign(?:ing)? up (?:for|to) [^.]{0,40}?newsletter|(?:get|receive) (?:our|the) (?:\w+ )?newsletter|"
    r"newsletter promotion|download (?:our|the) (?:\w+ )?app|on google news|as a preferred source|"
    r"making a contribution|like this (?:post|article) on|"
    r"support (?:local|independent) journalism|"
    r"got a story\?|while an ad ?blocker is (?:enabled|active|on)|"
    # German
    r"newsletter abonnieren|jetzt abonnieren|abonniere (?:den|unseren)|zum newsletter|newsletter informiert|"
    r"newsletter richtig|news-app|push-nachrichten|nachrichten aufs handy|news in einer app|"
    r"unterstützen sie uns|mit einer spende|"
    r"fehler gefunden\?|fehler (?:auf [\w.]+ )?entdeckt\?|ist ein abonnement erforderlich|"
    r"bitte aktivieren sie (?:javascript|ihren werbeblocker)|"
    # French, Spanish, Portuguese, Italian
    r"réservée? aux abonnés|abonnez-vous|inscrivez-vous à (?:notre|la) newsletter|il vous reste \d|"
    r"votre abonnement n.autorise pas|"
    r"suscr[ií]bete|recibe las mejores|suscríbase|assine (?:já|agora)|inscreva-se|abbonati (?:ora|subito)|"
    r"iscriviti alla newsletter|"
    # consent to a form's terms, to cookies, to an embedded post's data transfer
    r"you agree (?:with|to) [^.]{0,60}(?:terms|privacy)|constitutes (?:acceptance|agreement)|"
    r"we (?:store|use|set) cookies|manage consent|"
    r"(?:ich bin|sie sind) damit einverstanden|widerrufliche einwilligung|externen? inhalte?\b|"
    r"empfohlener (?:redaktioneller )?inhalt|"
    r"(?:in|gemäß) unserer datenschutzerklärung"
    r")|会員限定"  # Japanese, written without spaces: no word boundary (members only)
)  # matched against the text lowercased: quicker than IGNORECASE
"""Phrases that ask the reader to subscribe, sign up, get an app, follow the site, donate, like, comment, report an
error, or consent (to a form's terms, to cookies, to an embedded post's content): a box's, not the article's."""
_BOX_LABEL = re.compile(
    r"^\W*(?:(?:weitere |more |other )?newsletters?\W*|newsletter:.{0,40}|"
    r"(?:\d+\s*)?(?:likes?|reposts?|boosts?) on (?:bluesky|mastodon|the fediverse)\W*)$",
    re.IGNORECASE,
)
"""A line that only names a newsletter, or labels one ("Newsletter: Sport inside"): the title of its sign-up box; or
that titles the likes a post got on a social network ("12 likes on Bluesky"), above the faces of those who did."""
_MAX_CALL_WORDS = 50
_AD_LABEL = re.compile(
    r"^\W*(?:advertisements?|sponsored|anzeige|werbung|publicidad|publicité|pubblicità|publicidade|reklam|reklama|"
    r"reklame|annons|annonce|annonse|advertentie|mainos|광고|広告|广告|"
    r"(?:story|article) continues below(?: this)?(?: advertisement| ad)?|continue reading below|"
    r"advertisement\W+(?:story|article) continues below)\W*$",
    re.IGNORECASE,
)
"""A line that only labels an advertisement slot, which Readability.js kept without its ad."""


def _is_call_to_act(text: str, words: int) -> bool:
    """A short block that asks the reader to subscribe, sign up for a newsletter, get an app, follow the site,
    donate, or report an error ("Subscribe now to read the latest news", "Fehler gefunden? Jetzt melden."): the
    page's box, not the article; or a line that only labels an advertisement, a newsletter or a post's likes. A block
    of more than a few sentences (``words``: its count of words) is the article's, whatever it says."""
    if _AD_LABEL.match(text) or _BOX_LABEL.match(text):
        return True
    return words <= _MAX_CALL_WORDS and _CALLS_TO_ACT.search(text.lower()) is not None


# --- The comments' furniture: their count, their link, their rules ----------------------------------------

_COMMENT_LABEL = re.compile(
    r"^\W*(?:\d+\s*)?(?:comments?|kommentare?|commenti|commentaires?|comentarios?|comentários?|kommentarer|"
    r"reacties|komentarze|join the conversation|leave a (?:comment|reply)|add (?:a )?comment|show comments|"
    r"kommentieren|kommentar schreiben)\s*(?:\(\d+\)|\d+)?\W*$",
    re.IGNORECASE,
)
"""A line that only names the comments, with their count: the link or the button to them ("3 Kommentare",
"Join the Conversation", "Commenti")."""
_LABEL_LINE = re.compile(
    "|".join(f"(?:{pattern.pattern})" for pattern in (_CLOCK_LINE, _COMMENT_LABEL, _TOOL_LABEL, _PAGER_LINE)),
    re.IGNORECASE,
)
"""A clock line, the comments' label, a tool's or a pager's, in one look (most lines are none)."""
_COMMENT_RULES = re.compile(
    r"to post a comment|your comments are subject to|community (?:rules|guidelines|standards) apply|"
    r"comments? (?:and pings )?(?:are|is) (?:currently )?(?:closed|moderated)|"
    r"kommentare im forum|dass ihre kommentare|kommentare (?:und pings )?sind (?:derzeit )?geschlossen|"
    r"les commentaires sont modérés|charte de modération|normas de (?:participación|la comunidad)|"
    r"مراجعة التعليقات"
)  # matched against the text lowercased
"""What the rules for the comments say ("To post a comment, log into...", "Die Kommentare im Forum geben nicht
notwendigerweise die Meinung der Redaktion wieder"): the comment section's, which Readability.js kept without it."""
_MAX_RULES_WORDS = 120
"""Words of a comment section's rules at most: more, and it is a passage about comments."""
_RULES_HINT = re.compile("omment|ommunit|modér|ormas|التعليقات")
"""A part of a word every phrase of ``_COMMENT_RULES`` holds: a cheap look first."""


def _is_comment_rules(text: str) -> bool:
    """Whether ``text`` says what a comment section's rules say."""
    return _RULES_HINT.search(text) is not None and _COMMENT_RULES.search(text.lower()) is not None


def _is_comment_rules_passage(text: str) -> bool:
    """:func:`_is_comment_rules` for a passage longer than a line, of ``_MAX_RULES_WORDS`` words at most (the
    cheap look first: most passages do not name the comments)."""
    if _RULES_HINT.search(text) is None:
        return False
    words = text.split(maxsplit=_MAX_RULES_WORDS)
    return len(words) <= _MAX_RULES_WORDS and _COMMENT_RULES.search(" ".join(words).lower()) is not None


def _is_comment_label(block: Element, text: str) -> bool:
    """A line that only names the comments (a heading that does is judged as one: :func:`_drop_dangling_headings`;
    a section of documentation may be titled "Comments")."""
    return _COMMENT_LABEL.match(text) is not None and next(block.iter(*HEADINGS), None) is None


# --- "Read also": a link to another story, set in the article ------------------------------------------

_READ_ALSO = re.compile(
    r"^\W*(?:read (?:more|also|next)|also read|see also|related(?: articles| stories| posts| content)?|"
    r"more\s?:|関連記事】?|"
    r"more on this(?: topic| story)?|you may also like|recommended(?: for you)?|most read|"
    r"lesen sie (?:auch|mehr|hier)|lest auch|mehr zum thema|auch interessant|weitere artikel|meistgelesen|"
    r"häufig gelesen|lese-?empfehlung(?:en)?|das könnte sie auch interessieren|"
    r"(?:à )?lire aussi|sur le même sujet|lee también|leer más|te puede interesar|leia (?:também|mais)|"
    r"veja também|leggi anche|lees ook|czytaj (?:więcej|też|także)|les også|läs också|læs også|les mer)"
    r"\s*[:>»›→|-]?\s*",
    re.IGNORECASE,
)
"""Labels that send the reader to another story ("Read more:", "Lesen Sie auch", "À lire aussi"...)."""


def _is_read_also(block: Element, text: str) -> bool:
    """A line that is such a label and a link to another story ("Read more: <a>The next thing</a>"), or the label
    alone with nothing after it but links: a teaser the page set in the article, not the article's text."""
    label = _READ_ALSO.match(text)
    if label is None or len(text.split()) > MAX_TITLE_WORDS * 3:
        return False
    rest = visible_length(block) - sum(map(visible_length, block.iter("a")))
    label_length = len("".join(label.group(0).split()))
    return rest <= label_length and (label_length < len("".join(text.split())) or _only_links_follow(block))


def _only_links_follow(block: Element) -> bool:
    """Whether the blocks after ``block`` (its siblings) hold links and nothing else, or nothing at all."""
    for sibling in block.itersiblings():
        if visible_length(sibling) > sum(map(visible_length, sibling.iter("a"))):
            return False
        if (sibling.tail or "").strip():
            return False
    return not (block.tail or "").strip()
