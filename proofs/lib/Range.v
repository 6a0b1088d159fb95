(** * Whole-domain checks by computation

    [forall_range lo hi f] evaluates the boolean [f] on every integer of
    [lo, hi) — by divide and conquer on the binary digits of [hi - lo], so
    it needs no list of the domain — and [forall_range_sound] turns a
    [true] answer, obtained with [vm_compute], into the proposition
    [forall x, lo <= x < hi -> f x = true].  Claims over a finite domain
    (every int16, every x in [0, q)) are proved this way: a Z-level
    statement is reduced to a boolean check and the check is run. *)

From Coq Require Import ZArith Lia Bool.
Open Scope Z_scope.

(** [allb p f x] checks [f x, f (x+1), ..., f (x + p - 1)] in order,
    one call of [f] and one successor per element, stopping at the first
    failure; it returns the next point and the verdict. *)
Fixpoint allb (p : positive) (f : Z -> bool) (x : Z) : Z * bool :=
  match p with
  | xH => (Z.succ x, f x)
  | xO p' =>
      let (y, ok) := allb p' f x in
      if ok then allb p' f y else (y, false)
  | xI p' =>
      if f x then
        let (y, ok) := allb p' f (Z.succ x) in
        if ok then allb p' f y else (y, false)
      else (Z.succ x, false)
  end.

Lemma allb_sound p : forall f x y, allb p f x = (y, true) ->
  y = x + Z.pos p /\ forall z, x <= z < x + Z.pos p -> f z = true.
Proof.
  induction p as [p IH | p IH | ]; intros f x y H; simpl in H.
  - (* 2p+1 *)
    destruct (f x) eqn:Fx; [|discriminate].
    destruct (allb p f (Z.succ x)) as [y1 ok1] eqn:E1.
    destruct ok1; [|discriminate].
    destruct (IH _ _ _ E1) as [-> H1]. destruct (IH _ _ _ H) as [-> H2].
    rewrite Pos2Z.inj_xI. split; [lia|].
    intros z Hz. destruct (Z.eq_dec z x) as [->|]; [exact Fx|].
    destruct (Z_lt_le_dec z (Z.succ x + Z.pos p)).
    + apply H1; lia.
    + apply H2; lia.
  - (* 2p *)
    destruct (allb p f x) as [y1 ok1] eqn:E1.
    destruct ok1; [|discriminate].
    destruct (IH _ _ _ E1) as [-> H1]. destruct (IH _ _ _ H) as [-> H2].
    rewrite Pos2Z.inj_xO. split; [lia|].
    intros z Hz. destruct (Z_lt_le_dec z (x + Z.pos p)).
    + apply H1; lia.
    + apply H2; lia.
  - injection H as <- Fx. split; [lia|].
    intros z Hz. replace z with x by lia. exact Fx.
Qed.

Definition forall_range (lo hi : Z) (f : Z -> bool) : bool :=
  match hi - lo with
  | Z.pos p => snd (allb p f lo)
  | _ => true
  end.

Lemma forall_range_sound lo hi f :
  forall_range lo hi f = true -> forall x, lo <= x < hi -> f x = true.
Proof.
  unfold forall_range. intros H x Hx.
  destruct (hi - lo) eqn:E; try lia.
  destruct (allb p f lo) as [y ok] eqn:A. simpl in H. subst ok.
  destruct (allb_sound _ _ _ _ A) as [_ Hs]. apply Hs. lia.
Qed.
