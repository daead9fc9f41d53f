// The front end of `ttt-check --spec FILE.qnt`, run by node with Quint's own modules:
//
//   node flatten.js QUINT_SRC INPUT OUT --source-limit BYTES [--main M] [--init I] [--step S] [--tests yes]
//
// Every .qnt file Quint reads (the spec, each file it imports) is read as ttt-check reads a spec: a
// regular file of at most BYTES (never a device such as /dev/zero, nor a pipe, which would fill the
// memory or hang); another is Quint's error at the import, with the reason.
// With --tests (for `ttt-check test`), a spec without the init or step action is compiled too: a
// placeholder (`true`) stands for the one that is missing.
// QUINT_SRC is the `dist/src` folder of Quint's npm package. In one process this does what
// `quint compile --target json` does (parse, resolve names, typecheck, flatten every module the main
// one imports or instantiates, with `q::init` and `q::step` for --init and --step), and also keeps the
// source map and the boolean and temporal definitions the main module can name (Quint's flattener
// keeps only the definitions something uses). It writes to OUT, as JSON, either
//   {"ir": {main, modules: [the flattened main module], types, sourceMap, init, step, names, visible, instances, files}}
// or, when the spec does not compile, {"error": {message: Quint's own messages, as `quint` prints them, located}},
// or, when Quint's flattener fails on it, {"flattening": its message}.
'use strict'

const fs = require('fs')
const path = require('path')

const [src, input, out, ...rest] = process.argv.slice(2)
const options = {}
for (let i = 0; i < rest.length; i += 2) options[rest[i].replace(/^--/, '')] = rest[i + 1]

const commands = require(path.join(src, 'cliCommands.js'))
const frontend = require(path.join(src, 'parsing', 'quintParserFrontend.js'))
const reporter = require(path.join(src, 'errorReporter.js'))
const visitor = require(path.join(src, 'ir', 'IRVisitor.js'))
const helpers = require(path.join(src, 'cliHelpers.js'))

/** Why each .qnt file was refused (Quint's message says only "could not load"). */
const refused = []

/** `fs.readFileSync`, bounded for .qnt files as the header says (Quint's resolver reads them through it). */
const readAnyFile = fs.readFileSync
fs.readFileSync = function (file, encoding) {
  if (typeof file !== 'string' || !file.endsWith('.qnt')) return readAnyFile.apply(fs, arguments)
  const limit = Number(options['source-limit'])
  const refuse = why => {
    refused.push(`${shown(file)}: ${why}`)
    throw new Error(why)
  }
  // opened without blocking, then checked: a pipe put in its place cannot hang the read
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK)
  try {
    const info = fs.fstatSync(fd)
    if (info.isDirectory()) refuse('it is a folder, not a file')
    if (!info.isFile()) refuse('not a regular file (a device or a pipe)')
    const data = Buffer.alloc(limit + 1)
    let total = 0
    for (let n; total < data.length && (n = fs.readSync(fd, data, total, data.length - total, null)) > 0; ) total += n
    if (total > limit) refuse(`larger than ${limit} bytes, the most ttt-check reads for it`)
    const text = data.subarray(0, total)
    const decoding = typeof encoding === 'string' ? encoding : encoding?.encoding
    return decoding ? text.toString(decoding) : text
  } finally {
    fs.closeSync(fd)
  }
}

/** Where a definition the main module can name, but nothing uses, is kept through flattening. */
const KEEP = 'q::keep_'

/** A path as the user would write it: relative to the current folder when it is below it. */
function shown(file) {
  const relative = path.relative(process.cwd(), file)
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file
}

/** Quint's messages for a failed stage, as `quint` prints them, with paths as the user writes them;
 * `located` when some message points into the source (else they fit on one line). */
function messages(stage, summary) {
  const errors = stage.errors ?? []
  if (!errors.some(error => error.locs?.length)) {
    const explained = [...new Set(errors.map(error => error.explanation))].join('; ')
    return { message: explained ? `${explained} (${summary})` : summary, located: false }
  }
  const code = new Map([...(stage.sourceCode ?? new Map())].map(([file, text]) => [shown(file), text]))
  const finders = reporter.createFinders(code)
  const texts = errors.map(error =>
    reporter.formatError(code, finders, { ...error, locs: (error.locs ?? []).map(loc => ({ ...loc, source: shown(loc.source) })) })
  )
  // Quint indents its "Error [QNT...]" line by one space
  const message = [...new Set(texts), ...refused, `error: ${summary}`].join('\n').replace(/^\n+/, '').replace(/^ Error \[/gm, 'Error [')
  return { message, located: true }
}

/** The boolean values, the temporal properties and the tests (runs, and definitions named `...Test`) the main module
 * can name (its own and imported), without parameters. */
function properties(stage, main) {
  const visible = stage.resolver.collector.definitionsByModule.get(main) ?? new Map()
  const found = []
  for (const [name, defs] of visible) {
    if (defs.length !== 1 || !defs[0].importedFrom) continue // the main module's own are all kept
    const def = defs[0]
    if (def.kind !== 'def' || def.expr.kind === 'lambda') continue
    const type = stage.types.get(def.id)
    if (def.qualifier === 'temporal' || def.qualifier === 'run') {
      found.push([name, def.qualifier])
    } else if (['val', 'def', 'pureval', 'puredef'].includes(def.qualifier) && (type?.type.kind === 'bool' || name.endsWith('Test'))) {
      found.push([name, 'val'])
    } else if (def.qualifier === 'action' && name.endsWith('Test')) {
      found.push([name, 'action'])
    }
  }
  return found
}

/** The namespace of every instance any module declares (`clocks::Hours` for `import counter(LIMIT = 3) as Hours` in
 * `clocks`, `m::C` for `import C(N = 1).*` in `m`): Quint's simulator names an instance's variables with it
 * (`clocks::Hours::count`), and those of a module imported whole with their own name only. */
function instances(stage) {
  return stage.modules.flatMap(m =>
    m.declarations.filter(d => d.kind === 'instance').map(d => `${m.name}::${d.qualifiedName ?? d.protoName}`)
  )
}

/** Every id in an IR node, to keep the source map of the flattened module only. */
function ids(module) {
  const found = new Set()
  const collect = { enterExpr: e => found.add(e.id), enterDecl: d => found.add(d.id), enterLambda: l => l.params.forEach(p => found.add(p.id)) }
  visitor.walkModule(collect, module)
  return found
}

/** The JSON of `result`: an integer literal's value as its decimal digits, exact at any size (a JavaScript
 * number holds 53 bits); the IR's other bigints, its ids, as numbers, which they fit. */
function write(result) {
  fs.writeFileSync(
    out,
    JSON.stringify(result, function (key, value) {
      if (typeof value !== 'bigint') return value
      if (key === 'value' && this.kind === 'int') return value.toString()
      if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`an IR number ${value} beyond 2^53`)
      return Number(value)
    })
  )
}

async function main() {
  const args = { input, target: 'json', verbosity: 0, main: options.main, init: options.init, step: options.step }
  let stage = await commands.load(args)
  for (const next of [commands.parse, commands.typecheck]) {
    if (stage.isLeft()) break
    stage = await next(stage.value)
  }
  if (stage.isRight()) {
    const typechecked = stage.value
    const mainName = helpers.guessMainModule(typechecked)
    const mainModule = typechecked.modules.find(m => m.name === mainName)
    const kept = mainModule ? properties(typechecked, mainName) : []
    // a definition that uses each property, so that the flattener keeps it, under its flattened name
    const keep = kept.map(([name, qualifier], i) =>
      frontend.parseDefOrThrow(`${qualifier} ${KEEP}${i} = ${name}`, typechecked.idGen, new Map())
    )
    mainModule?.declarations.push(...keep)
    const visible = [...(typechecked.resolver.collector.definitionsByModule.get(mainName) ?? new Map()).keys()]
    if (options.tests) {
      for (const role of ['init', 'step']) {
        if (!visible.includes(typechecked.args[role] ?? role)) typechecked.args[role] = 'true'
      }
    }
    try {
      stage = await commands.compile(typechecked)
    } catch (error) {
      // Quint's flattener throws on some specs that typecheck (`quint run`, which does not flatten, runs them)
      return write({ flattening: String(error?.message ?? error).split('\n')[0] })
    }
    if (stage.isRight()) return write({ ir: { ...slim(stage.value, kept.map(([name]) => name)), visible, instances: instances(typechecked) } })
  }
  const { msg, stage: failed } = stage.value
  write({ error: messages(failed, msg) })
}

/** What the evaluator reads of the compiled stage. */
function slim(compiled, keptNames) {
  const module = compiled.mainModule
  const byName = new Map(module.declarations.map(d => [d.name, d]))
  // the flattened name of each property kept, and of --init and --step
  const names = {}
  keptNames.forEach((name, i) => {
    const def = byName.get(`${KEEP}${i}`)
    if (def && def.expr.kind === 'name' && def.expr.name !== name) names[def.expr.name] = name
  })
  const role = flag => {
    const def = byName.get(`q::${flag}`)
    return def.expr.kind === 'name' ? def.expr.name : `q::${flag}`
  }
  const init = role('init')
  const step = role('step')
  const dropped = new Set([...keptNames.map((_, i) => `${KEEP}${i}`), 'q::init', 'q::step'].filter(n => n !== init && n !== step))
  const flat = { ...module, declarations: module.declarations.filter(d => !dropped.has(d.name)) }
  const types = {}
  for (const d of flat.declarations) {
    const scheme = compiled.types.get(d.id)
    if (scheme) types[d.id] = scheme.type
  }
  const used = ids(flat)
  const sourceMap = frontend.compactSourceMap(new Map([...compiled.sourceMap].filter(([id]) => used.has(id))))
  const files = [...compiled.sourceCode.keys()]
  return { main: compiled.main, modules: [flat], types, sourceMap, init, step, names, files }
}

main().catch(error => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`)
  process.exit(2)
})
