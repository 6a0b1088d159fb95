(** * ntt.reduceWide32 and the scalar accumulation of ntt.DotMont32 (ntt/dot32.go)

    Go source: ntt/dot32.go ntt/scalar32.go

<<
// Bounds: requires |a[j][i]·b[j][i]| ≤ 2^31·q; ensures |c[i]| ≤ 6283009 < 2^23.
func DotMont32(c *[256]int32, a, b []*[256]int32) {
if len(a) != len(b) || len(a) > 8 {
panic("ntt: DotMont32 needs len(a) = len(b) ≤ 8")
...
func dotMont32Scalar(c *[256]int32, a, b []*[256]int32) {
var s [256]int64
b = b[:len(a)]
for j, x := range a {
xs, ys := x[:], b[j][:] // slices: the nil checks leave the loop
for i := range s {
s[i] += int64(xs[i]) * int64(ys[i])
}
}
cs := c[:] // one nil check rather than one per store
for i := range cs {
cs[i] = reduce32(reduceWide32(s[i]))
}
}

// Bounds: requires |s| ≤ 2^34·q; ensures |r| ≤ 4q + q/2 < 8q.
func reduceWide32(s int64) int32 {
t := int32(s) * qInv32
return int32((s - int64(t)*q32) >> 32)
}

q32     = 8380417  // the ML-DSA modulus, 2^23 − 2^13 + 1
qInv32  = 58728449 // q⁻¹ mod 2^32
>>

    Model: [int32(s)] and the int32 product [int32(s) * qInv32] wrap
    ([i32]); [int64(t)*q32], [s - ...] and the accumulation [s += ...]
    are int64 operations ([i64]), which the proofs show never wrap;
    [>> 32] is floor division by 2^32; the last [int32(...)] is [i32].
    q32 and qInv32 are [go_q32] and [go_qInv32], transcribed from
    ntt/scalar32.go by gen-constants.sh.

    reduceWide32 is the Montgomery step of [lib.Montgomery.mont_reduce]
    (n = 32) on a wider input than [mont_reduce_correct] covers: |s| up to
    2^34·q instead of 2^31·q.  The exact quotient (s − t·q)/2^32 then lies
    within 4q + q/2, which the final int32 conversion keeps.

    For a coefficient, dotMont32Scalar sums len(a) ≤ 8 products (DotMont32
    panics otherwise), each at most 2^31·q in magnitude by DotMont32's
    Bounds, so every partial sum is at most 8·2^31·q = 2^34·q < 2^57: the
    int64 accumulator never wraps and its final value is in reduceWide32's
    range; reduceWide32's result, within 4q + q/2, is in the range of
    reduce32 (proved in reduce32/reduce32.v), which brings it within
    [−6283009, 6283008] ([dot_mont32_scalar_correct]).  ML-DSA-65 uses 5 terms (rows of
    Â·ŷ and Â·ŝ1) and 6 (verification's Â·z − c·t1·2^d). *)

From Coq Require Import ZArith Lia List.
From Moduletto Require Import lib.GoInt lib.Montgomery zetas32.GoConstants reduce32.reduce32.
Import ListNotations.
Open Scope Z_scope.

(** reduceWide32 for a modulus q and qInv; the Go function is
    [reduce_wide32 go_q32 go_qInv32]. *)
Definition reduce_wide32_q (q qinv s : Z) : Z :=
  let t := i32 (i32 s * qinv) in
  i32 (asr (i64 (s - i64 (t * q))) 32).

Definition reduce_wide32 (s : Z) : Z := reduce_wide32_q go_q32 go_qInv32 s.

(** It is the same expression as the Montgomery reduction of field. *)
Lemma reduce_wide32_is_mont_reduce q qinv s :
  reduce_wide32_q q qinv s = mont_reduce 32 q qinv s.
Proof. unfold reduce_wide32_q, mont_reduce, i32, i64. change (2 * 32) with 64. reflexivity. Qed.

(** The generic statement: every q < 2^28 with q·qInv ≡ 1 (mod 2^32) and
    every |s| ≤ 2^34·q.  The bound 2^28 keeps s − t·q inside int64
    (2^62 + 2^59 < 2^63) and 4.5·q inside int32. *)
(* main *)
Theorem reduce_wide32_q_correct q qinv s :
  0 < q < 2 ^ 28 ->
  (q * qinv) mod 2 ^ 32 = 1 ->
  - (2 ^ 34 * q) <= s <= 2 ^ 34 * q ->
  let r := reduce_wide32_q q qinv s in
  - (9 * q) <= 2 * r <= 9 * q /\ (r * 2 ^ 32) mod q = s mod q.
Proof.
  intros Hq Hinv Hs r. unfold r, reduce_wide32_q. clear r.
  set (t := i32 (i32 s * qinv)).
  assert (Ht : signed 32 t) by (apply wrap_range; lia).
  unfold signed in Ht. simpl in Ht.
  assert (Htm : t mod 2 ^ 32 = (s * qinv) mod 2 ^ 32).
  { unfold t, i32. rewrite wrap_mod by lia.
    rewrite Zmult_mod, wrap_mod, <- Zmult_mod by lia. reflexivity. }
  (* int64(t)*q32 and s − int64(t)*q32 do not wrap. *)
  assert (Htqb : - 2 ^ 31 * 2 ^ 28 <= t * q <= 2 ^ 31 * 2 ^ 28).
  { clear Htm. split; nia. }
  assert (Htq : i64 (t * q) = t * q).
  { apply wrap_small; [lia|]. unfold signed. simpl. lia. }
  rewrite Htq.
  assert (Hd : i64 (s - t * q) = s - t * q).
  { apply wrap_small; [lia|]. unfold signed. simpl. lia. }
  rewrite Hd.
  (* s − t·q is a multiple of 2^32. *)
  destruct (mod_eq_exists t (s * qinv) (2 ^ 32) ltac:(lia) Htm) as [j Hj].
  destruct (mod_eq_exists (q * qinv) 1 (2 ^ 32) ltac:(lia)
              ltac:(rewrite Hinv; reflexivity)) as [k Hk].
  set (m := - (s * k + j * q)).
  assert (Hexact : s - t * q = 2 ^ 32 * m).
  { unfold m. rewrite Hj.
    replace ((s * qinv + 2 ^ 32 * j) * q) with (s * (q * qinv) + 2 ^ 32 * j * q) by ring.
    rewrite Hk. ring. }
  rewrite asr_div by lia. rewrite Hexact.
  rewrite (Z.mul_comm (2 ^ 32) m), Z.div_mul by lia.
  (* 2^32·m = s − t·q with |s| ≤ 2^34·q and −2^31 ≤ t < 2^31 gives
     2^33·|m| ≤ 2^35·q + 2^32·q, i.e. 2·|m| ≤ 9q. *)
  assert (Htq2 : - (2 ^ 31 * q) <= t * q <= 2 ^ 31 * q).
  { clear Htm Hj Hk Hexact. split; nia. }
  assert (Hb : - (9 * q) <= 2 * m <= 9 * q).
  { clear Htm Hj Hk. lia. }
  unfold i32. rewrite wrap_small by (unfold signed; simpl; lia).
  split; [exact Hb|].
  rewrite (Z.mul_comm m (2 ^ 32)), <- Hexact.
  rewrite Zminus_mod, Z_mod_mult, Z.sub_0_r, Zmod_mod. reflexivity.
Qed.

Lemma go_qinv32_correct : (go_q32 * go_qInv32) mod 2 ^ 32 = 1.
Proof. reflexivity. Qed.

(** 8265825 = 2^−32 mod q. *)
Lemma go_rinv32 : (2 ^ 32 * 8265825) mod go_q32 = 1.
Proof. reflexivity. Qed.

(** The Go function with its constants: the Bounds comment of
    reduceWide32, |r| ≤ 4q + q/2 (as 2·|r| ≤ 9q) < 8q, and
    r ≡ s·2^−32 (mod q), both as r·2^32 ≡ s and with 2^−32 = 8265825. *)
(* main *)
Theorem reduce_wide32_correct s :
  - (2 ^ 34 * go_q32) <= s <= 2 ^ 34 * go_q32 ->
  let r := reduce_wide32 s in
  - (9 * go_q32) <= 2 * r <= 9 * go_q32 /\ - (8 * go_q32) < r < 8 * go_q32 /\
  (r * 2 ^ 32) mod go_q32 = s mod go_q32 /\
  r mod go_q32 = (s * 8265825) mod go_q32.
Proof.
  intros Hs r.
  destruct (reduce_wide32_q_correct go_q32 go_qInv32 s) as [Hb Hc];
    [unfold go_q32; lia | exact go_qinv32_correct | exact Hs |].
  change (reduce_wide32_q go_q32 go_qInv32 s) with r in Hb, Hc.
  assert (0 < go_q32) by (unfold go_q32; lia).
  split; [exact Hb|]. split; [lia|]. split; [exact Hc|].
  exact (mont_rinv r s _ _ _ go_rinv32 Hc).
Qed.

(** ** dotMont32Scalar, one coefficient

    A coefficient's terms are the pairs (a[j][i], b[j][i]) of a list. The
    passes over j add them to s[i] in order, from the zero that the array
    starts with: that is [acc], the int64 accumulator wrapping at each
    step. *)
Fixpoint acc (s : Z) (l : list (Z * Z)) : Z :=
  match l with
  | [] => s
  | (x, y) :: l' => acc (i64 (s + i64 (x * y))) l'
  end.

Definition dot_mont32_scalar (l : list (Z * Z)) : Z := reduce32 (reduce_wide32 (acc 0 l)).

Fixpoint sum_products (l : list (Z * Z)) : Z :=
  match l with
  | [] => 0
  | (x, y) :: l' => x * y + sum_products l'
  end.

(** DotMont32's precondition on each term. *)
Definition term_ok (p : Z * Z) : Prop :=
  let (x, y) := p in - (2 ^ 31 * go_q32) <= x * y <= 2 ^ 31 * go_q32.

(** With k terms left and |s| ≤ (8 − k)·2^31·q, no step wraps: every
    partial sum stays within 8·2^31·q = 2^34·q < 2^57. *)
Lemma acc_exact l : forall s,
  (length l <= 8)%nat -> Forall term_ok l ->
  Z.abs s <= (8 - Z.of_nat (length l)) * (2 ^ 31 * go_q32) ->
  acc s l = s + sum_products l /\
  Z.abs (s + sum_products l) <= 2 ^ 34 * go_q32.
Proof.
  assert (Hq : go_q32 = 8380417) by reflexivity.
  induction l as [| [x y] l IH]; intros s Hlen Hok Hs;
    cbn [acc sum_products length] in *; rewrite Hq in *.
  - split; lia.
  - inversion Hok as [| p l' Hxy Hl]; subst. unfold term_ok in Hxy.
    rewrite Hq in Hxy. rewrite Nat2Z.inj_succ in Hs.
    assert (Hprod : i64 (x * y) = x * y).
    { apply wrap_small; [lia|]. unfold signed. simpl. lia. }
    rewrite Hprod.
    assert (Hsum : i64 (s + x * y) = s + x * y).
    { apply wrap_small; [lia|]. unfold signed. simpl. lia. }
    rewrite Hsum.
    destruct (IH (s + x * y)) as [H1 H2]; [lia | exact Hl | lia |].
    split; lia.
Qed.

(** DotMont32's Bounds over the scalar path: for at most 8 terms, each with
    |a[j][i]·b[j][i]| ≤ 2^31·q, the coefficient c[i] satisfies
    −6283009 ≤ c[i] ≤ 6283008 (|c[i]| < 2^23, the input bound of
    InverseMont32) and c[i] ≡ Σ_j a[j][i]·b[j][i]·2^−32 (mod q). *)
(* main *)
Theorem dot_mont32_scalar_correct l :
  (length l <= 8)%nat -> Forall term_ok l ->
  let r := dot_mont32_scalar l in
  - 6283009 <= r <= 6283008 /\
  (r * 2 ^ 32) mod go_q32 = sum_products l mod go_q32 /\
  r mod go_q32 = (sum_products l * 8265825) mod go_q32.
Proof.
  intros Hlen Hok r.
  destruct (acc_exact l 0 Hlen Hok) as [Hacc Habs];
    [unfold go_q32; lia |].
  rewrite Z.add_0_l in Habs.
  destruct (reduce_wide32_correct (acc 0 l)) as [Hb [Hlt [Hc Hr]]];
    [rewrite Hacc; lia |].
  set (w := reduce_wide32 (acc 0 l)) in *.
  rewrite Hacc, Z.add_0_l in Hc, Hr.
  assert (Hq : go_q32 = q) by reflexivity.
  rewrite Hq in Hb, Hlt, Hc, Hr.
  destruct (reduce32_ntt_correct w) as [Hm Hbound].
  { unfold signed. simpl. unfold q in Hb. lia. }
  { unfold q in Hb. lia. }
  unfold r, dot_mont32_scalar. fold w. rewrite Hq.
  split; [exact Hbound|]. split.
  - rewrite Zmult_mod, Hm, <- Zmult_mod. exact Hc.
  - rewrite Hm. exact Hr.
Qed.

(** The arithmetic of the README: 8 terms of 2^31·q are 2^34·q, below 2^57,
    and s − t·q stays below 2^63. *)
Lemma dot_bound_arith :
  8 * (2 ^ 31 * go_q32) = 2 ^ 34 * go_q32 /\
  2 ^ 34 * go_q32 < 2 ^ 57 /\
  2 ^ 34 * go_q32 + 2 ^ 31 * go_q32 < 2 ^ 63 /\
  9 * go_q32 < 2 ^ 32.
Proof. unfold go_q32. lia. Qed.
