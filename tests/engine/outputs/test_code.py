"""``engine/outputs/code.py``: line-numbered code tables told by their shape, and Markdown's one fenced block."""

from __future__ import annotations

import pytest

from scrapy_readability.engine.outputs.code import line_numbered_code
from scrapy_readability.engine.outputs.markdown import to_markdown
from testkit.rendering import content_div

# The shapes highlighters write (classes left out: Readability.js's post-processing drops them).
PYGMENTS = (
    "<table><tr><td><div><pre> 1\n 2\n 3</pre></div></td>"
    "<td><div><pre><span></span>import os\n\nprint(os.sep)\n</pre></div></td></tr></table>"
)
MKDOCS_MATERIAL = (
    '<table><tbody><tr><th colspan="2"><span>app/main.py</span></th></tr>'
    '<tr><td><div><pre><span></span><span><a href="#n-15">15</a></span>\n<span><a href="#n-16">16</a></span></pre>'
    "</div></td><td><div><pre><span></span><code>@app.get('/')\ndef root(): ...\n</code></pre></div></td></tr>"
    "</tbody></table>"
)
CHROMA = (
    "<div><table><tr><td><pre><code><span>1\n</span><span>2\n</span></code></pre></td>"
    "<td><pre><code><span>echo one\n</span><span>echo two\n</span></code></pre></td></tr></table></div>"
)


@pytest.mark.parametrize("html", [PYGMENTS, MKDOCS_MATERIAL, CHROMA], ids=["pygments", "mkdocs", "chroma"])
def test_a_gutter_beside_code_is_line_numbered_code(html: str) -> None:
    numbered = line_numbered_code(next(content_div(html).iter("table")))
    assert numbered is not None and numbered.pre.tag == "pre"
    assert not "".join(numbered.pre.itertext()).lstrip()[0].isdigit()  # the code's pre, not the gutter's


@pytest.mark.parametrize(
    "html",
    [
        "<table><tr><td>1</td><td><pre>a\nb\nc\nd\ne</pre></td></tr></table>",  # 1 number, 5 lines
        "<table><tr><td><pre>1\n3\n4</pre></td><td><pre>a\nb\nc</pre></td></tr></table>",  # not consecutive
        "<table><tr><td>Year</td><td><pre>x</pre></td></tr></table>",  # not numbers
        "<table><tr><td><pre>1\n2</pre></td><td>a\nb</td></tr></table>",  # no code
        "<table><tr><td><pre>1</pre></td><td><pre>a</pre></td></tr><tr><td>2</td><td>b</td></tr></table>",
        "<table><tr><td><pre>1\n2</pre></td><td><pre>a\nb</pre></td><td>c</td></tr></table>",  # three cells
        "<table><tr><td><p>1</p></td><td><pre>a</pre></td></tr></table>",  # a paragraph is no gutter
    ],
)
def test_other_tables_are_not(html: str) -> None:
    assert line_numbered_code(next(content_div(html).iter("table"))) is None


def test_markdown_gives_the_code_alone_as_one_fenced_block() -> None:
    assert to_markdown(content_div("<p>Run it:</p>" + PYGMENTS)) == "Run it:\n\n```\nimport os\n\nprint(os.sep)\n```"
    assert to_markdown(content_div(MKDOCS_MATERIAL)) == "app/main.py\n\n```\n@app.get('/')\ndef root(): ...\n```"
