"""One-off: build the bundled sg24 pack from seed 001's facts and the 8.1 reference's facts."""
import json, re
REF = open(__import__('os').path.join(__import__('os').path.dirname(__file__), '..', '..', 'shared', 'reference', 'sanguobansha-8.1-characters.txt')).read()
START = {
 "魏": ["曹操", "荀彧", "郭嘉", "夏侯惇", "张辽", "典韦", "甄姬"],
 "蜀": ["刘备", "徐庶", "庞统", "关羽", "张飞", "赵云", "糜氏"],
 "吴": ["孙坚", "张昭", "吕蒙", "太史慈", "凌操", "黄盖", "孙淑"],
 "在野": ["司马朗", "华佗", "陈登"],
}
SEATS = ["君主", "军师", "军师", "杀手", "杀手", "护卫", "女眷"]
REFNAME = {"甄姬": "甄宓", "糜氏": "糜夫人"}
NUM = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "1": 1, "2": 2, "3": 3, "4": 4}
def entry(name):
    blocks = re.split(r"\n(?=【)", REF)
    for b in blocks:
        if b.startswith(f"【{name}】") and "组别=三国版杀-" in b.split("\n")[0] and "单挑" not in b.split("\n")[0]:
            return b
    return None
def allowances(basic):
    out = []
    for sent in re.split(r"[。]", basic):
        if re.search(r"(互识|登场|得知.*)后", sent):
            continue  # allowances under a condition are left to the judge (docs/dev/sg24-pack.md)
        from_night = 1
        m = re.search(r"第(.)夜开始", sent)
        if m: from_night = NUM[m.group(1)]
        m = re.search(r"每夜指认(\d)个ID为(.+)", sent)
        if m:
            evs = re.findall(r"智者|猛将|统帅|义士|仁者|能吏|雅士|文豪|异人", m.group(2))
            out.append({"kind": "evaluation", "count": int(m.group(1)), "of": evs, "feedback": True, "from_night": from_night})
            continue
        m = re.search(r"每夜(\d)个ID指认(.+)", sent)
        if m:
            body = m.group(2)
            fb = "不能得到反馈" not in body and "均不能得到反馈" not in body
            body = re.split(r"[，,]", body)[0]
            names = [n for n in re.split(r"[、/，]", body) if n and not n.startswith("指认")]
            # 「魏国君主」 etc: identity targets
            out.append({"kind": "character", "count": int(m.group(1)), "of": names, "feedback": fb, "from_night": from_night})
    return out
def facts(ref):
    lines = ref.split("\n")
    basic = next(l for l in lines if l.startswith("基本："))[3:]
    evs = next((l for l in lines if l.startswith("评价：")), "评价：")[3:]
    evs = [e for e in evs.split("、") if e]
    succ = []
    m = re.search(r"死亡后(?:选择)?以(.+?)的角色继续游戏", basic)
    if m: succ = re.split(r"或|、", m.group(1))
    nd = None
    m = re.search(r"第(.)夜结算时自然死亡", basic)
    if m: nd = NUM[m.group(1)]
    skills = []
    for l in lines:
        m = re.match(r"  【(.+?)】(主动|被动)技能.*（(.+?)）$", l)
        if m:
            tags = m.group(3).split()
            attr = next((t for t in tags if t.endswith("技能")), None)
            timing = next((t for t in tags if t.endswith("生效") or t in ("全局技能",)), None)
            timing = {"即时生效": "立刻生效"}.get(timing, timing)
            skills.append({"name": m.group(1), "kind": "active" if m.group(2) == "主动" else "passive",
                           "timing": timing, "attribute": attr, "text": None, "source": "8.1"})
    return {"evaluations": evs, "successors": succ, "natural_death": nd, "recognition": allowances(basic), "skills": skills}
chars = {}
def add(name, country, identity, first=False, chief=False):
    ref = entry(REFNAME.get(name, name))
    c = {"name": name, "country": country, "identity": identity}
    if chief: c["chief_strategist"] = True
    if ref:
        c.update(facts(ref)); c["source"] = f"8.1:{REFNAME.get(name, name)}"
    else:
        c.update({"evaluations": [], "successors": [], "natural_death": None, "recognition": [], "skills": [], "source": "seed001"})
    chars[name] = c
    return c
for country, names in START.items():
    for i, n in enumerate(names):
        ident = SEATS[i] if country != "在野" else "平民"
        c = add(n, country, ident, chief=(country != "在野" and i == 1))
        c["start"] = True
# seed facts override
chars["刘备"]["evaluations"] = ["统帅", "义士", "仁者"]
chars["徐庶"]["natural_death"] = 3
chars["糜氏"]["aliases"] = ["糜夫人"]  # the reference's name of the seed's 糜氏
chars["甄姬"]["aliases"] = ["甄宓"]
if not any(a["kind"] == "evaluation" and "猛将" in a["of"] for a in chars["典韦"]["recognition"]):
    chars["典韦"]["recognition"].append({"kind": "evaluation", "count": 1, "of": ["猛将"], "feedback": True, "from_night": 1})
# successors one level deep (their facts; their own successors kept as names)
for c in list(chars.values()):
    for s in c["successors"]:
        if s not in chars:
            sc = add(s, c["country"], c["identity"])
for c in chars.values():
    c["successors"] = [s for s in c["successors"] if s in chars]
pack = {"format": "tianting-sg24-pack/1", "title": "三国版杀24人规则 开局角色（种子001 + 8.1 资料）",
        "characters": list(chars.values())}
json.dump(pack, open(__import__('os').path.join(__import__('os').path.dirname(__file__), '..', 'src', 'tianting', 'rules', 'sg24', 'data', 'characters.json'), 'w'), ensure_ascii=False, indent=1)
print(len(chars))
for c in chars.values(): print(c["name"], c["country"], c["identity"], c["evaluations"], c["successors"], c["natural_death"], len(c["recognition"]), len(c["skills"]))
