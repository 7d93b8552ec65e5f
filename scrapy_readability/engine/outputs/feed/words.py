"""The commonest short words of the languages that share a script, to tell them apart without a detector.

Function words (articles, pronouns, prepositions, conjunctions, the commonest
verbs) make up a large share of any running text and differ from language to
language; a few dozen per language tell an article's language with confidence.
"""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


COMMON_WORDS: dict[str, dict[str, frozenset[str]]] = {
    "latin": {
        "en": _words(
            "the and of to is in that was for with on are as be this have from by not but they his her which were"
        ),
        "de": _words(
            "der die das und ist nicht ein eine mit sich den dem auf für von zu auch es im wird sind wie bei noch nach"
        ),
        "fr": _words("le la les et des est une du dans que pour qui pas sur au avec il elle ce sont plus par ont mais"),
        "es": _words("el la los las y que del en un una por con para es se no su al como más pero sus fue ha"),
        "it": _words("il la di che è e un una per non del della con sono gli si le da nel anche alla ha più"),
        "pt": _words("o a os as e que do da em um uma para com não no na é se por mais dos foi ao"),
        "nl": _words("de het een en van is dat op te in niet met voor zijn er aan ook als bij om maar wordt"),
        "sv": _words("och att det är en som på för av med den till inte har om ett var jag de men ska"),
        "da": _words("og at det er en som på for af med den til ikke har om et de blev efter hvad nogle sig"),
        "no": _words("og at det er en som på for av med den til ikke har om et de ble etter hva noen seg"),
        "fi": _words("ja on ei se että hän oli ovat mutta kun myös tai jos sen niin kuin hänen ole olla"),
        "pl": _words("i w nie na się że z do to jest jak po co tak ale o od za jego przez są oraz"),
        "cs": _words("a v se na je že s z do to jako by ale o jsou pro jeho které byl jsem také už"),
        "sk": _words("a v sa na je že s z do to ako by ale o sú pre jeho ktoré bol som aj už"),
        "hu": _words("a az és hogy nem is egy van de meg csak el ha ki mint már volt még azt"),
        "ro": _words("și în de la a cu pe nu este o să din care un mai pentru fost sunt ce"),
        "tr": _words("ve bir bu da de için ile olarak çok daha ama gibi olan sonra kadar her en ne"),
        "id": _words("yang dan di ini itu dengan untuk dari dalam tidak akan pada ke juga ada oleh adalah"),
        "vi": _words("của và là có các không được trong cho những một người đã với này khi đến"),
        "hr": _words("i je u na se da su za od a s kao ali što nije bio iz koji još"),
        "ca": _words("el la els les i de que en un una per amb no és del als però més"),
    },
    "ru": {
        "ru": _words("и в не на что с по это как из за но к от он его для же было также"),
        "bg": _words("и в на не за че се да от е с по като са това но към"),
    },
    "hi": {
        "hi": _words("के है में की और को से का एक यह पर भी नहीं हैं था ने"),
        "mr": _words("आणि आहे या हे की व ते त्या होते असे केले"),
        "ne": _words("र छ को मा ले पनि गर्न भएको हो छन् थियो"),
    },
}
