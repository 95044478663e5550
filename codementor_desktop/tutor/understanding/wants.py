"""What a learner's message asks for, read from cue phrases over the normalised words.

Each want has a few patterns written as a learner writes (after contractions are spelled out and
typos of cue words corrected: "dont" is "do not", "optimla" is "optimal"). A message may carry
several wants; the reader picks the one the coach should answer first.
"""

from __future__ import annotations

import re
from enum import StrEnum


class Want(StrEnum):
    """What the learner's message is."""

    STUCK = "stuck"
    DONT_KNOW = "dont_know"
    SOLUTION = "solution"
    HINT = "hint"
    WHY_FAILS = "why_fails"
    WHY_SLOW = "why_slow"
    IS_OPTIMAL = "is_optimal"
    COMPLEXITY = "complexity"
    IDEA = "idea"
    ANSWER = "answer"
    UNDERSTANDS = "understands"
    PRACTISE = "practise"
    OFF_TOPIC = "off_topic"
    GREETING = "greeting"
    THANKS = "thanks"


def _any(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns))


_WORK = r"(?:answers?|solutions?|code|implementation|program|fix|full thing|whole thing)"
_GIVE = r"(?:give|show|tell|send|write|paste|provide|post|share|type out|print|reveal|spell out|hand)"
_MODIFIER = r"(?:full|whole|complete|correct|right|working|final|actual|real|optimal|best|reference|official|model|entire|finished|fixed|proper|better|faster|efficient|more efficient|cleaner|simpler|another|different|sample|example|fastest)"

# "show me a working version": a finished piece of code, whatever it is called
_FINISHED = r"(?:working|correct|full|complete|fixed|finished|right|optimal|fast|faster|better|efficient|passing)"

# "not" before a request turns it round: "don't give me the answer, just a hint".
_SOLUTION = _any(
    rf"\b{_GIVE}\b(?: me| us)?(?: just)?(?: the| a| an| your| some)?(?: {_MODIFIER})*(?: python| javascript| js)? {_WORK}\b",
    rf"\b(?:can|could|may) i (?:see|have|get|look at|copy) (?:the|a|your)(?: {_MODIFIER})* {_WORK}\b",
    rf"\b(?:i )?(?:want|need|would like) (?:to see )?(?:the|a|your)(?: {_MODIFIER})* (?:answer|solution|code)\b",
    rf"\bwhat is the(?: {_MODIFIER})* (?:answer|solution|code)(?: for| to| of this| please|$)",
    r"\bwhat (?:code )?(?:do|should) i (?:write|type)\b",
    rf"\b{_GIVE}\b(?: me| us)?(?: the| a| an| your)? (?:{_FINISHED} )+(?:version|one|program|function)\b",
    rf"\b{_GIVE} (?:me |us )?how (?:to|you would|you would) (?:solve|write|code|do|implement) (?:it|this|the problem)\b",
    r"\b(?:write|do|solve|code|fix|finish|complete|implement) (?:it|this|that|the problem|this problem|the function|my code|the code|everything)(?: for me| for us| instead of me)\b",
    r"\b(?:write|solve|code|implement|finish) (?:it|this|the whole thing|the function|the problem)(?: please)?$",
    r"\b(?:can|could|would) you (?:just )?(?:solve|write|code|implement|finish|complete) (?:it|this|the problem|the function|that)\b",
    r"\bjust tell me\b(?! why| what is wrong| where| if| whether| how fast)",
    r"^(?:the )?(?:answer|solution|code)(?: please)?$",
    r"\bspoil (?:it|the answer)\b|\bspoiler\b",
    r"\bcopy(?: and)? paste\b",
)
SOLUTION_REFUSED = re.compile(
    rf"\b(?:not|without|never|no)\b(?: \w+){{0,3}} (?:{_GIVE}|solve|write)\b|\b(?:not|no|without)\b(?: \w+){{0,3}} (?:answer|solution|code)\b"
)

CUES: dict[Want, re.Pattern[str]] = {
    Want.SOLUTION: _SOLUTION,
    Want.HINT: _any(
        r"\bhints?\b",
        r"\bnudge\b",
        r"\b(?:a|one|small|little|another|tiny|quick) (?:clue|tip|pointer|push)\b",
        r"\bpush me\b|\bpoint me\b|\bright direction\b",
        r"\bnext step\b",
        r"\b(?:any|some|a few|got any) (?:tips?|hints?|clues?|pointers?)\b|^tips?\b",
        r"\bwhere (?:should|do) i look\b",
        r"\bwhat should i (?:look at|think about|focus on)\b",
    ),
    Want.STUCK: _any(
        r"\bstuck\b",
        r"\b(?:lost|confused|confusing|clueless|blocked)\b",
        r"\bno (?:idea|clue) (?:where|how|what|at all what)\b",
        r"\b(?:do not|can not|could not) (?:even |really |quite )?(?:know|figure out|figure|see|tell|think of) (?:where|how|what) (?:to|i)\b",
        r"\bwhere (?:do|should|can|would) i (?:even )?(?:start|begin)\b",
        r"\bhow (?:do|should|can|would|am) i (?:even )?(?:supposed to )?(?:start|begin|approach|solve|tackle|do)\b",
        r"\bgive up\b|\bgiving up\b",
        r"(?<!the )(?<!your )(?<!for )\bhelp\b(?! ?ed)(?!ful)",
        r"\b(?:do not|does not|did not|can not) (?:get it|get this|get the|get what|get how|understand|make sense)\b",
        r"\bnot (?:clear|making sense)\b|\bmakes no sense\b",
        r"\bcan not (?:figure|work) (?:it|this|out)\b|\bcan not (?:do|solve) (?:it|this)\b",
        r"\bwhat (?:do|should) i do\b(?! next)",
        r"\bno progress\b|\bgoing in circles\b|\bhopeless\b|\bbrain is fried\b",
        r"\bnot getting anywhere\b|\bgetting nowhere\b|\bcan not get (?:it|this|anywhere)\b",
    ),
    Want.WHY_FAILS: _any(
        r"\bwhy\b.*\b(?:fail\w*|wrong|incorrect|error\w*|broken|crash\w*|break\w*|not (?:work\w*|pass\w*)|returns?|returning|gives?|giving|outputs?|get|getting|prints?|printing)\b",
        r"\b(?:something|anything) (?:is )?wrong\b|\bwrong with\b",
        r"\bwhat is (?:wrong|broken|the (?:bug|problem|issue|error|mistake))\b",
        r"\bwhat went wrong\b|\bwhat (?:did|am) i (?:do|doing) wrong\b|\bwhat am i missing\b",
        r"\bwhere is (?:the|my) (?:bug|error|mistake|problem)\b",
        r"\b(?:find|spot|see) (?:the|my) (?:bug|mistake|error)\b",
        r"\bbugs?\b|\bbuggy\b",
        r"\b(?:does|is|did) not (?:work|pass|run|compile)\w*",
        r"\bwrong (?:answer|output|result|value)s?\b",
        r"\bfail\w*\b",
        r"\b(?:\w*error|exception|crash\w*|traceback|undefined|nan)\b",
        r"\b(?:returns?|gives?|outputs?|prints?|gets?|got)\b.*\bwhy\b|\bexpected\b.*\bbut\b",
        r"\binstead of\b|\bexpected\b|\bbut (?:it )?should (?:be|return|give)\b",
        r"\bmistake\b",
        r"\bis (?:it|this|that|my \w+|the \w+) (?:even )?(?:correct|right|wrong)\b|\bcorrect\?",
        r"\b(?:returns?|gives?|outputs?|prints?)\b (?:\[|-?\d|true|false|none|null|undefined|nothing|empty|nan)",
    ),
    Want.WHY_SLOW: _any(
        r"\bslow\w*\b",
        r"\btime ?limit\b|\btle\b|\btim(?:e|ed|es|ing) ?out\b|\btimeouts?\b",
        r"\b(?:takes?|taking|took) (?:forever|too long|ages|so long|a long time|long)\b|\btoo long\b|\bso long\b|\bforever\b",
        r"\b(?:hangs?|hanging|freezes|stalls?)\b",
        r"\bexceed\w*\b",
        r"\btook\b.*\b(?:seconds?|secs|minutes?|long|ages|forever)\b|\b\d+(?:\.\d+)? ?(?:seconds|secs|minutes|mins)\b",
    ),
    Want.IS_OPTIMAL: _any(
        r"\boptim\w*\b",
        r"\bbest (?:possible |known )?(?:approach|solution|way|algorithm|complexity|i can do|one|method|possible|there is)\b",
        r"\b(?:better|faster|quicker|more efficient|cheaper|smarter|leaner)\b",
        r"\befficien\w*\b|\b(?:good|fast|quick|efficient|speedy) enough\b|\bimprov\w*\b|\bspeed (?:it |this )?up\b",
        r"\bas (?:fast|good|quick|efficient|cheap) as (?:it|possible|can|they)\b|\bfastest\b",
        r"\bis (?:this|it|that|my \w+) (?:the )?(?:best|ideal|fine|ok|good|acceptable)\b",
        r"\bcan (?:it|this|i|you|we) (?:do|go|get) (?:better|lower|below)\b",
        r"\b(?:get|bring|make) (?:it|this) (?:below|under|lower|down)\b|\bbelow o\(",
    ),
    Want.COMPLEXITY: _any(
        r"\bcomplexit\w*\b",
        r"\bbig o\b",
        r"\bruntime\b|\brunning time\b|\brun ?time\b",
        r"\bmemory\b|\bspace (?:usage|cost|complexity|does|do|is|it)\b|\bhow much space\b",
        r"\b(?:what|how) about (?:the )?(?:space|memory|time|speed)\b|\bextra space\b",
        r"\bhow (?:fast|slow|expensive|costly|efficient)\b",
        r"\bhow (?:much|many) (?:time|memory|space|operations|steps|ops|work|comparisons)\b",
        r"\b(?:quadratic|logarithmic|exponential|n squared|n log n|constant time|linear time)\b",
        r"\bis (?:it|this|that|my \w+) linear\b",
        r"\bhow (?:does|do) (?:it|this) scale\b|\bscales?\b",
        r"\boperations?\b|\bops\b",
    ),
    Want.PRACTISE: _any(
        r"\bpracti[cs]\w*\b",
        r"\brecommend\w*\b|\bsuggest\w* (?:a |another |some |me )?(?:problem|exercise|question|something)\b",
        r"\bnext (?:problem|question|exercise|challenge|one|topic|task)\b",
        r"\b(?:another|similar|other|more|new|harder|easier) (?:problem|question|exercise|challenge|task)s?\b",
        r"\bwhat (?:should|can|do) i (?:do|work on|study|learn|try|train|tackle|solve)(?: after this)? next\b",
        r"\bwhat next\b|\bwhat now\b|\bwhat is next\b|\bwork on next\b",
        r"\b(?:problem|exercise|question|one|topic)s? (?:should|can|could) i (?:\w+ )?(?:next|try|do|practi[cs]e|solve)\b",
        r"\b(?:try|do|solve|tackle|attempt) next\b",
        r"\bweak (?:spots|areas|points)\b|\bweak(?:est|ness|nesses)\b|\b(?:worst|bad) at\b",
        r"\bwhat (?:should|can) i (?:study|learn|train|review|drill)\b",
        r"\bmove on\b",
    ),
    Want.UNDERSTANDS: _any(
        r"\b(?:i )?(?:get|got) it\b(?! to)",
        r"\bi see\b",
        r"\bmakes (?:\w+ ){0,3}sense\b",
        r"\bunderstood\b|\bi understand\b|\bi understand now\b",
        r"\bah+a+\b|\baha\b|\beureka\b",
        r"\b(?:ah+|oh+|ohh+) (?:ok|okay|right|yes|yeah|wait|so|now|i see)\b",
        r"\bnow i (?:know|see|get|understand)\b",
        r"\bi (?:figured|worked) it out\b|\bi (?:think i )?(?:have|got) it now\b",
        r"\bthat is it\b|\bthat was it\b|\bclear now\b|\bi know what to do\b",
        r"\b(?:fixed|solved) it\b|\bit (?:works|passes) now\b|\bnow it (?:works|passes)\b|\ball (?:tests )?pass(?:ing)?\b",
        r"^(?:ok|okay|alright|right|cool|sure|nice|great|i see|yes i see|oh|ah|yep|yeah)$",
    ),
    Want.GREETING: _any(
        r"^(?:hi|hello|hey|hiya|howdy|yo|greetings|hallo|heya|hey there|hi there|good (?:morning|afternoon|evening|day))\b",
    ),
    Want.THANKS: _any(
        r"\bthank\w*\b|\bcheers\b|\bappreciate\w*\b|\bthat helped\b|\bhelpful\b|\bgreat help\b|\bmuch obliged\b",
    ),
    Want.OFF_TOPIC: _any(
        r"\b(?:weather|football|soccer|movie|film|song|music|poem|joke|recipe|cooking|pizza|dinner|lunch|breakfast)\b",
        r"\b(?:news|politics|election|president|netflix|girlfriend|boyfriend|vacation|holiday|birthday|horoscope)\b",
        r"\b(?:sports?|nba|basketball|tennis|bitcoin|crypto|stocks?|capital of|who won|meaning of life)\b",
        r"\bhow old are you\b|\bare you (?:human|real|a robot|an ai|a bot)\b|\bwho (?:are|made|built) you\b|\byour name\b",
        r"\b(?:css|html|div|docker|kubernetes|react|angular|django|flask|sql|database|git|github|pip|npm|linux|windows|excel|wordpress|android|kotlin|php)\b",
        r"\bmachine learning\b|\bneural network\b|\btensorflow\b|\bpandas\b|\bresume\b|\bsalary\b|\bcover letter\b",
        r"\bwrite (?:me )?(?:a|an) (?:poem|story|essay|song|email|letter)\b",
    ),
}

# Proposing an approach: "what if I sort first?", "I could use a set", "should I use two pointers?"
PROPOSAL = re.compile(
    r"\bwhat if\b|\bhow about\b|\bwhat about\b|\b(?:could|can|should|shall|would|may) i\b|\bi (?:could|can|should|might|will|would|am going to|want to|plan to|need to|try to)\b"
    r"|\blet me\b|\bmaybe (?:i|use|try|sort|keep|store)\b|\b(?:i will|let us|i am gonna|gonna) (?:try|use)\b|\bmy idea\b|\bmy plan\b"
    r"|\bi think i (?:should|need|could|can)\b|\bwould it (?:work|help|be)\b|\bwould (?:a|an|two) \w+ (?:work|help)\b|\bis it (?:a|an) \w+ problem\b"
    r"|^(?:use|using|sort|try|keep|store|put|count|loop|go)\b|\binstead\b"
    r"|\b(?:would|could|will|does|is|can) (?:not )?(?:a|an|the|using|two|it|this)\b.*\b(?:faster|better|work|help|enough|fix)\b"
)

# Giving a cause: "because", "so", "same ... twice", "never", "too many", "should start after".
REASON = re.compile(
    r"\b(?:because|since|so(?! (?:slow|fast|long|much|many|far|big|small|bad|good|confused|stuck|lost|sorry|close|weird|hard|easy)\b)|therefore|thus|hence|due to|that is why|which (?:means|is why)|means|meaning|as a result)\b"
    r"|\b(?:same|twice|itself|never|always|instead|forgot|forget|missing|misses|skip\w*|overwrit\w*|reset\w*)\b"
    r"|\btoo (?:many|few|big|small|much|early|late|long|short|far|soon)\b|\boff by one\b|\bout of (?:range|bounds)\b"
    r"|\b(?:should|must|supposed to|needs? to|has to|have to|ought to)\b|\b(?:starts?|begins?|ends?|stops?) (?:too|before|after)\b"
    r"|\bnot (?:after|before|until|enough)\b|\b(?:never|not) (?:reach\w*|reset|updated?|chang\w*|mov\w*|increment\w*|check\w*)\b"
    r"|\b(?:equal|equals|the same as|counted twice|used twice|added to itself)\b"
)
UNSURE = re.compile(
    r"\b(?:maybe|perhaps|probably|possibly|might|guess|guessing|not sure|unsure|not certain|no idea|do not know|i think|i suppose|could it be)\b"
)
QUESTION_START = re.compile(
    r"^(?:why|what|how|where|when|which|who|is|are|does|do|did|can|could|should|would|will|shall|am|was|were|has|have)\b"
)
# "I don't know" as the whole message (fillers aside) is not knowing, not a question.
DONT_KNOW_ALONE = re.compile(
    r"^(?:i )?(?:really |honestly |just |still |genuinely )?(?:do not know|not sure|am not sure|no idea|have no idea|no clue|have no clue"
    r"|not a clue|unsure|am unsure|can not tell|can not say|do not know sorry|beats me|pass|nope|no|not really|no idea sorry"
    r"|have not got a clue|do not really know|have not the faintest|not the faintest idea|do not know either|no i do not"
    r"|can not think of anything|nothing comes to mind|i do not|i do not know really|do not have a clue|do not know what you mean)$"
)
FILLERS = re.compile(
    r"\b(?:um+|uh+|hmm+|hm+|well|honestly|tbh|sorry|really|actually|yet|so|erm|er|ugh|lol|haha|still|man|dude|to be honest|i mean|idk)\b"
)

# The words a learner misspells that change what a message wants (typos are corrected towards
# these and the lexicon's words, and towards nothing else).
CUE_WORDS = frozenset(
    """
    optimal optimise optimize optimised optimized optimum optimisation optimization complexity complexities
    recommend recommendation practice practise practising practicing solution solutions answer answers
    understand understood efficient efficiency algorithm approach faster slower quicker timeout timing
    memory runtime because stuck confused confusing thanks thank hello exceeded exceeds improve improvement
    better quadratic linear logarithmic exponential problem question exercise suggest similar another
    figured struggling failing failed fails wrong incorrect error exception broken forever seconds minutes
    implementation working correct please hint hints nudge clue direction weather football movie poem joke
    recipe politics understand sense makes really honestly sorry maybe probably perhaps because since
    should instead never always twice itself missing forgot overwrite overwrites remember anything
    something nothing operations scale scales grows space explain explanation reference
    """.split()
)
