import { loadModule, parseSync } from 'libpg-query';

/*
 * Which workspace tables a statement reaches without being filtered by one workspace (issue
 * 45): on Citus such a statement asks every node, and a join between workspace tables on
 * anything but equal workspace ids cannot be pushed down to one shard.
 *
 * The SQL is parsed by PostgreSQL's own parser (libpg-query, its C code built to WebAssembly),
 * not matched with patterns: a regular expression cannot tell a table's own condition from a
 * sub-query's, an OR branch, or a LEFT JOIN's ON clause, which is exactly what matters here.
 *
 * A reference to a distributed table is constrained when its workspace_id is, through the
 * AND-ed conditions of its WHERE or of an inner join's ON (an outer join's ON constrains only
 * its nullable side):
 * - equal to a constant or a parameter (`= $1`, `= 7`, `in ($1)`, `is not distinct from $1`);
 * - equal to the workspace_id of a constrained relation of the same query, or of the query
 *   around a sub-query (correlated), or of a sub-query or CTE whose own rows are all of one
 *   workspace; `join … using (workspace_id)` counts as that equality;
 * - INSERT: workspace_id is among the columns given (VALUES, or a SELECT, whose own tables
 *   are held to the rule).
 * UPDATE and DELETE are read as a SELECT over their target and their FROM/USING. Statements
 * other than SELECT, INSERT, UPDATE and DELETE (DDL, ANALYZE, SET, transactions) are not
 * queries of rows and are not checked.
 */

type Node = Record<string, any>;

export interface ScopeAnalysis {
  /** Distributed tables reached without one workspace, as `table` or `table alias`. */
  unscoped: string[];
  /** True when the statement names any distributed table at all. */
  touchesDistributed: boolean;
}

interface Relation {
  alias: string;
  /** The distributed table it reads, if it is one. */
  distributed?: string;
  constrained: boolean;
}

/** `target` is constrained once `source` is ('const': always). */
interface Edge {
  target: Relation;
  source: Relation | 'const';
}

interface Scope {
  relations: Relation[];
  outer?: Scope;
}

/** CTE names in reach, each with whether its rows are of one workspace. */
type Ctes = ReadonlyMap<string, boolean>;

const COLUMN = 'workspace_id';

let loaded: Promise<void> | undefined;

/** Loads the parser (WebAssembly) once; `analyseWorkspaceScope` needs it loaded. */
export function loadSqlParser(): Promise<void> {
  return (loaded ??= loadModule());
}

/** Parsed once per statement text: the suites run the same statements thousands of times. */
const cache = new Map<string, ScopeAnalysis>();

/** The analysis of one statement's SQL, given the distributed tables' names. */
export function analyseWorkspaceScope(
  sqlText: string,
  distributed: ReadonlySet<string>,
): ScopeAnalysis {
  const known = cache.get(sqlText);
  if (known) return known;
  const analyser = new Analyser(distributed);
  for (const { stmt } of parseSync(sqlText).stmts ?? []) {
    if (stmt) analyser.statement(stmt as Node, undefined, new Map());
  }
  const result: ScopeAnalysis = {
    unscoped: [...new Set(analyser.unscoped)],
    touchesDistributed: analyser.touches,
  };
  cache.set(sqlText, result);
  return result;
}

class Analyser {
  unscoped: string[] = [];
  touches = false;

  constructor(private readonly distributed: ReadonlySet<string>) {}

  /** Analyses a statement; true when its rows are all of one workspace (for a sub-query). */
  statement(stmt: Node, outer: Scope | undefined, ctes: Ctes): boolean {
    if (stmt.SelectStmt) return this.select(stmt.SelectStmt, outer, ctes);
    if (stmt.InsertStmt) return this.insert(stmt.InsertStmt, outer, ctes);
    if (stmt.UpdateStmt) {
      const u = stmt.UpdateStmt;
      return this.query(outer, this.withCtes(u.withClause, outer, ctes), {
        target: u.relation,
        from: u.fromClause,
        where: u.whereClause,
        expressions: [u.targetList, u.returningList],
      });
    }
    if (stmt.DeleteStmt) {
      const d = stmt.DeleteStmt;
      return this.query(outer, this.withCtes(d.withClause, outer, ctes), {
        target: d.relation,
        from: d.usingClause,
        where: d.whereClause,
        expressions: [d.returningList],
      });
    }
    return false;
  }

  private withCtes(withClause: Node | undefined, outer: Scope | undefined, ctes: Ctes): Ctes {
    if (!withClause) return ctes;
    const inner = new Map(ctes);
    for (const item of withClause.ctes ?? []) {
      const cte = item.CommonTableExpr;
      // A recursive CTE reads itself: not of one workspace until shown.
      if (withClause.recursive) inner.set(cte.ctename, false);
      inner.set(cte.ctename, this.statement(cte.ctequery, outer, inner));
    }
    return inner;
  }

  private select(s: Node, outer: Scope | undefined, ctes: Ctes): boolean {
    const inner = this.withCtes(s.withClause, outer, ctes);
    if (s.op && s.op !== 'SETOP_NONE') {
      const left = this.select(s.larg, outer, inner);
      const right = this.select(s.rarg, outer, inner);
      return left && right;
    }
    if (s.valuesLists) {
      this.subLinks(s.valuesLists, outer ?? { relations: [] }, inner);
      return false;
    }
    return this.query(outer, inner, {
      from: s.fromClause,
      where: s.whereClause,
      expressions: [
        s.targetList,
        s.havingClause,
        s.groupClause,
        s.sortClause,
        s.distinctClause,
        s.limitCount,
        s.limitOffset,
      ],
    });
  }

  private insert(i: Node, outer: Scope | undefined, ctes: Ctes): boolean {
    const inner = this.withCtes(i.withClause, outer, ctes);
    const table = this.tableName(i.relation, inner);
    const hasColumn = (i.cols ?? []).some((c: Node) => c.ResTarget?.name === COLUMN);
    if (i.selectStmt) this.statement(i.selectStmt, outer, inner);
    if (table) {
      this.touches = true;
      if (!hasColumn) this.unscoped.push(table);
    }
    const scope: Scope = { relations: [], outer };
    this.subLinks([i.onConflictClause, i.returningList], scope, inner);
    return false;
  }

  /** A SELECT's body, or an UPDATE's or a DELETE's: relations, conditions, sub-queries. */
  private query(
    outer: Scope | undefined,
    ctes: Ctes,
    parts: { target?: Node; from?: Node[]; where?: Node; expressions: unknown[] },
  ): boolean {
    const scope: Scope = { relations: [], outer };
    const edges: Edge[] = [];
    const pending: { quals: Node; targets: Relation[] | 'all' }[] = [];
    const expressions: unknown[] = [...parts.expressions];
    const laterals: { relation: Relation; subquery: Node }[] = [];
    if (parts.target) scope.relations.push(this.rangeVar(parts.target, ctes));
    for (const item of parts.from ?? []) {
      this.fromItem(item, scope, ctes, edges, pending, expressions, laterals);
    }
    for (const { quals, targets } of pending) this.conditions(quals, scope, targets, edges);
    if (parts.where) this.conditions(parts.where, scope, 'all', edges);
    resolve(edges);
    // A LATERAL sub-query rests on the relations before it, resolved now; its rows, of one
    // workspace, may in turn constrain others.
    for (const { relation, subquery } of laterals) {
      relation.constrained = this.statement(subquery, scope, ctes);
    }
    if (laterals.length > 0) resolve(edges);
    let allConstrained = true;
    for (const relation of scope.relations) {
      if (relation.distributed && !relation.constrained) {
        allConstrained = false;
        this.unscoped.push(
          relation.alias === relation.distributed
            ? relation.distributed
            : `${relation.distributed} ${relation.alias}`,
        );
      }
    }
    // Sub-queries after the scope is resolved: a correlated one may rest on it.
    this.subLinks([parts.where, ...expressions], scope, ctes);
    return allConstrained && scope.relations.some((r) => r.constrained);
  }

  private fromItem(
    item: Node,
    scope: Scope,
    ctes: Ctes,
    edges: Edge[],
    pending: { quals: Node; targets: Relation[] | 'all' }[],
    expressions: unknown[],
    laterals: { relation: Relation; subquery: Node }[],
  ): Relation[] {
    if (item.RangeVar) {
      const relation = this.rangeVar(item.RangeVar, ctes);
      scope.relations.push(relation);
      return [relation];
    }
    if (item.RangeSubselect) {
      const r = item.RangeSubselect;
      const relation: Relation = { alias: r.alias?.aliasname ?? '', constrained: false };
      if (r.lateral) laterals.push({ relation, subquery: r.subquery });
      else relation.constrained = this.statement(r.subquery, scope.outer, ctes);
      scope.relations.push(relation);
      return [relation];
    }
    if (item.RangeFunction) {
      const r = item.RangeFunction;
      expressions.push(r.functions);
      const relation: Relation = { alias: r.alias?.aliasname ?? '', constrained: false };
      scope.relations.push(relation);
      return [relation];
    }
    if (item.JoinExpr) {
      const j = item.JoinExpr;
      const left = this.fromItem(j.larg, scope, ctes, edges, pending, expressions, laterals);
      const right = this.fromItem(j.rarg, scope, ctes, edges, pending, expressions, laterals);
      // An outer join's condition filters only the side it may fill with nulls.
      const targets: Relation[] | 'all' =
        j.jointype === 'JOIN_LEFT'
          ? right
          : j.jointype === 'JOIN_RIGHT'
            ? left
            : j.jointype === 'JOIN_FULL'
              ? []
              : 'all';
      const using = (j.usingClause ?? []).some((u: Node) => u.String?.sval === COLUMN);
      if (using) {
        for (const a of left)
          for (const b of right) {
            this.edge(edges, targets, a, b);
            this.edge(edges, targets, b, a);
          }
      }
      if (j.quals) {
        pending.push({ quals: j.quals, targets });
        expressions.push(j.quals);
      }
      return [...left, ...right];
    }
    return [];
  }

  private rangeVar(r: Node, ctes: Ctes): Relation {
    const alias = r.alias?.aliasname ?? r.relname;
    if (!r.schemaname && ctes.has(r.relname)) {
      return { alias, constrained: ctes.get(r.relname)! };
    }
    const table = this.tableName(r, ctes);
    if (table) this.touches = true;
    return { alias, distributed: table, constrained: false };
  }

  private tableName(r: Node | undefined, ctes: Ctes): string | undefined {
    if (!r) return undefined;
    if (!r.schemaname && ctes.has(r.relname)) return undefined;
    if (r.schemaname && r.schemaname !== 'public') return undefined;
    return this.distributed.has(r.relname) ? r.relname : undefined;
  }

  private edge(
    edges: Edge[],
    targets: Relation[] | 'all',
    target: Relation,
    source: Relation | 'const',
  ) {
    if (targets === 'all' || targets.includes(target)) edges.push({ target, source });
  }

  /** The AND-ed equalities of a condition, as edges. */
  private conditions(node: Node, scope: Scope, targets: Relation[] | 'all', edges: Edge[]) {
    for (const [a, b] of equalities(node)) {
      const left = this.side(a, scope);
      const right = this.side(b, scope);
      if (!left || !right) continue;
      if (left !== 'const') this.edge(edges, targets, left, right);
      if (right !== 'const') this.edge(edges, targets, right, left);
    }
  }

  /**
   * One side of an equality: a relation's workspace_id, or 'const' for a constant, a
   * parameter, or the workspace_id of a constrained relation of an enclosing query.
   */
  private side(node: Node, scope: Scope): Relation | 'const' | undefined {
    const value = unwrap(node);
    if (value.ParamRef) return 'const';
    if (value.A_Const) return value.A_Const.isnull ? undefined : 'const';
    const ref = value.ColumnRef;
    if (!ref) return undefined;
    const names: string[] = (ref.fields ?? []).map((f: Node) => f.String?.sval);
    if (names.at(-1) !== COLUMN || names.some((n) => n === undefined)) return undefined;
    const qualifier = names.at(-2);
    for (let s: Scope | undefined = scope, depth = 0; s; s = s.outer, depth++) {
      let found: Relation | undefined;
      if (qualifier !== undefined) {
        found = s.relations.find((r) => r.alias === qualifier);
      } else if (s.relations.length === 1) {
        found = s.relations[0];
      } else {
        const distributed = s.relations.filter((r) => r.distributed);
        if (distributed.length === 1) found = distributed[0];
      }
      if (found) {
        if (depth === 0) return found;
        return found.constrained ? 'const' : undefined;
      }
    }
    return undefined;
  }

  /** Analyses the sub-queries (SubLink) within expressions, in `scope`. */
  private subLinks(value: unknown, scope: Scope, ctes: Ctes) {
    if (Array.isArray(value)) {
      for (const item of value) this.subLinks(item, scope, ctes);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const node = value as Node;
    if (node.SubLink) {
      this.statement(node.SubLink.subselect, scope, ctes);
      this.subLinks(node.SubLink.testexpr, scope, ctes);
      return;
    }
    for (const child of Object.values(node)) this.subLinks(child, scope, ctes);
  }
}

/** Constrains every relation an edge leads to from a constrained one, until none is left. */
function resolve(edges: Edge[]) {
  for (let changed = true; changed;) {
    changed = false;
    for (const { target, source } of edges) {
      if (!target.constrained && (source === 'const' || source.constrained)) {
        target.constrained = true;
        changed = true;
      }
    }
  }
}

/** `x::type` is x. */
function unwrap(node: Node): Node {
  return node.TypeCast ? unwrap(node.TypeCast.arg) : node;
}

/** The pairs `a = b` (or `a in (b)`, `a is not distinct from b`) AND-ed in a condition. */
function equalities(node: Node): [Node, Node][] {
  if (node.BoolExpr?.boolop === 'AND_EXPR') return node.BoolExpr.args.flatMap(equalities);
  const e = node.A_Expr;
  if (!e) return [];
  const operator = e.name?.[0]?.String?.sval;
  if ((e.kind === 'AEXPR_OP' || e.kind === undefined) && operator === '=') {
    return [[e.lexpr, e.rexpr]];
  }
  if (e.kind === 'AEXPR_NOT_DISTINCT') return [[e.lexpr, e.rexpr]];
  if (e.kind === 'AEXPR_IN' && operator === '=' && e.rexpr?.List?.items?.length === 1) {
    return [[e.lexpr, e.rexpr.List.items[0]]];
  }
  return [];
}
