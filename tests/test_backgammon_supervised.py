"""Supervised training on labelled positions: the gradients are the loss's, training lowers
the error it measures, and a run resumed from its checkpoint ends with the same weights as one
that never stopped."""

from __future__ import annotations

import numpy as np

from games.backgammon.ai.net import Net, load_net
from games.backgammon.training.labels import generate, make_chunk
from games.backgammon.training.net import DEFAULT_OUT as TD_NET
from games.backgammon.training.optimizer import Adam, epoch_lr
from games.backgammon.training.supervised import gradients, held_out, inputs, main, train

#: The chain's first link, TD_NET (v1 inputs, 80 hidden units): a small, fixed teacher
#: whichever network ships.
TEACHER = ["--teacher", str(TD_NET)]


def test_the_gradients_are_the_losses() -> None:
    rng = np.random.default_rng(1)
    net = Net.random(4, rng, scale=0.3)
    chunk = make_chunk(load_net(), seed=1, index=0, size=5)
    x, t = inputs(chunk).astype(np.float64), chunk["label"].astype(np.float64)
    _, grads = gradients(net, x, t)
    for p, g in zip((net.W1, net.b1, net.W2, net.b2), grads, strict=True):
        flat = p.reshape(-1)
        for i in rng.choice(flat.size, min(5, flat.size), replace=False):
            old = flat[i]
            flat[i] = old + 1e-6
            up, _ = gradients(net, x, t)
            flat[i] = old - 1e-6
            down, _ = gradients(net, x, t)
            flat[i] = old
            assert abs((up - down) / 2e-6 - g.reshape(-1)[i]) < 1e-5


def test_training_lowers_the_error_on_what_it_learns() -> None:
    chunk = make_chunk(load_net(TD_NET), seed=2, index=0, size=150)
    x, t = inputs(chunk), chunk["label"]
    net = load_net(TD_NET)
    before = held_out(net, x, t)[0]
    rows = train(net, Adam(net, 0.003), x, t, x, t, 0, 15, seed=1, batch=32, rows=[])
    assert rows[-1][1] < 0.8 * before


def test_a_resumed_run_ends_with_the_same_weights(tmp_path) -> None:
    labels = tmp_path / "labels"
    generate(labels, seed=3, chunks=3, size=50, quiet=True)
    common = ["--labels", str(labels), "--holdout", "1", "--eval-pairs", "0", *TEACHER,
              "--csv", str(tmp_path / "c.csv"), "--png", str(tmp_path / "c.png")]
    straight = tmp_path / "straight.npz"
    assert main([*common, "--epochs", "3", "--out", str(straight)]) == 0
    stopped = tmp_path / "stopped.npz"
    assert main([*common, "--epochs", "1", "--out", str(stopped)]) == 0
    assert main([*common, "--epochs", "3", "--out", str(stopped), "--resume"]) == 0
    a, b = load_net(straight), load_net(stopped)
    for p, q in zip((a.W1, a.b1, a.W2, a.b2), (b.W1, b.b1, b.W2, b.b2), strict=True):
        assert np.array_equal(p, q)
    assert (tmp_path / "c.png").exists()
    assert "holdout_equity_error" in (tmp_path / "c.csv").read_text()


def test_a_student_reads_its_teachers_inputs_unless_told_otherwise(tmp_path) -> None:
    """The shipped network reads the v3 inputs: a run taught by it without ``--encoding``
    starts from it, not from an error that the v1 layout is too narrow."""
    labels = tmp_path / "labels"
    generate(labels, seed=3, chunks=2, size=20, quiet=True)
    common = ["--labels", str(labels), "--holdout", "1", "--eval-pairs", "0", "--epochs", "0",
              "--csv", str(tmp_path / "c.csv"), "--png", str(tmp_path / "c.png")]
    assert main([*common, "--out", str(tmp_path / "shipped.npz")]) == 0
    assert load_net(tmp_path / "shipped.npz").encoding == load_net().encoding
    assert main([*common, *TEACHER, "--out", str(tmp_path / "td.npz")]) == 0
    assert load_net(tmp_path / "td.npz").encoding == "v1"
    assert main([*common, *TEACHER, "--encoding", "v3", "--out", str(tmp_path / "v3.npz")]) == 0
    assert load_net(tmp_path / "v3.npz").encoding == "v3"


def test_a_widened_network_starts_as_its_teacher() -> None:
    from games.backgammon.training.supervised import widened

    teacher = load_net(TD_NET)
    wide = widened(teacher, teacher.hidden + 40, seed=1)
    chunk = make_chunk(teacher, seed=4, index=0, size=20)
    x = inputs(chunk).astype(np.float64)
    assert wide.hidden == teacher.hidden + 40
    assert np.allclose(wide.forward(x)[1], teacher.forward(x)[1])


def test_a_split_run_resumes_both_networks_to_the_same_weights(tmp_path) -> None:
    labels = tmp_path / "labels"
    generate(labels, seed=3, chunks=3, size=60, quiet=True)
    common = ["--labels", str(labels), "--holdout", "1", "--eval-pairs", "0", "--split-race",
              "--encoding", "v3", "--csv", str(tmp_path / "c.csv"),
              "--png", str(tmp_path / "c.png")]
    straight = tmp_path / "straight.npz"
    assert main([*common, "--epochs", "3", "--out", str(straight)]) == 0
    stopped = tmp_path / "stopped.npz"
    assert main([*common, "--epochs", "1", "--out", str(stopped)]) == 0
    (tmp_path / "stopped-race.ckpt.npz").unlink()  # stopped before the race network's first epoch
    assert main([*common, "--epochs", "3", "--out", str(stopped), "--resume"]) == 0
    a, b = load_net(straight), load_net(stopped)
    assert a.encoding == "v3" and a.race is not None and b.race is not None
    assert a.race.encoding == "v1"
    for net, other in ((a, b), (a.race, b.race)):
        for p, q in zip((net.W1, net.b1, net.W2, net.b2), (other.W1, other.b1, other.W2,
                                                          other.b2), strict=True):
            assert np.array_equal(p, q)
    assert "holdout_equity_error" in (tmp_path / "c-race.csv").read_text()
    # A teacher with races apart starts each student network from its own network of the kind.
    again = tmp_path / "again.npz"
    assert main([*common, "--epochs", "0", "--teacher", str(straight), "--out", str(again)]) == 0
    c = load_net(again)
    assert c.race is not None
    for net, teacher in ((c, a), (c.race, a.race)):
        for p, q in zip((net.W1, net.b1, net.W2, net.b2), (teacher.W1, teacher.b1, teacher.W2,
                                                          teacher.b2), strict=True):
            assert np.array_equal(p, q)


def test_the_weights_say_how_deep_their_labels_looked(tmp_path) -> None:
    """A network taught by two chance layers must not call its labels 1-ply (meta.json says)."""
    import json

    from games.backgammon.training.labels import label_depth

    labels = tmp_path / "labels"
    generate(labels, seed=3, chunks=2, size=20, quiet=True)
    common = ["--labels", str(labels), "--holdout", "1", "--eval-pairs", "0", "--epochs", "1",
              *TEACHER, "--csv", str(tmp_path / "c.csv"), "--png", str(tmp_path / "c.png")]
    assert main([*common, "--out", str(tmp_path / "one.npz")]) == 0
    assert load_net(tmp_path / "one.npz").meta["trained"] == "supervised on 1-ply labels"
    meta = json.loads((labels / "meta.json").read_text())
    (labels / "meta.json").write_text(json.dumps({**meta, "depth": 2}))
    assert label_depth(labels) == 2
    assert main([*common, "--out", str(tmp_path / "two.npz")]) == 0
    two = load_net(tmp_path / "two.npz").meta
    assert two["trained"] == "supervised on 2-ply labels" and two["label_depth"] == 2
    (labels / "meta.json").write_text("[1, 2]")
    assert main([*common, "--out", str(tmp_path / "bad.npz")]) == 2  # one line, no traceback


def test_the_race_stage_files_sit_beside_the_contact_ones() -> None:
    from pathlib import Path

    from games.backgammon.training.supervised import _suffixed

    assert _suffixed(Path("d/gen3.ckpt.npz"), "-race") == Path("d/gen3-race.ckpt.npz")
    assert _suffixed(Path("d/gen3.csv"), "-race") == Path("d/gen3-race.csv")
    assert _suffixed(Path("d/lr0.001.csv"), "-race") == Path("d/lr0.001-race.csv")


def test_more_label_folders_are_trained_on_and_the_held_out_ones_stay(tmp_path) -> None:
    import json

    first, second = tmp_path / "first", tmp_path / "second"
    generate(first, seed=3, chunks=2, size=20, quiet=True)
    generate(second, seed=4, chunks=2, size=20, quiet=True)

    def run(name: str, *more: str) -> int:
        return main(["--labels", str(first), *more, *TEACHER, "--holdout", "1", "--eval-pairs", "0",
                     "--epochs", "1", "--csv", str(tmp_path / f"{name}.csv"),
                     "--png", str(tmp_path / f"{name}.png"), "--out", str(tmp_path / f"{name}.npz")])

    assert run("one") == 0 and run("two", "--more-labels", str(second)) == 0
    one, two = load_net(tmp_path / "one.npz").meta, load_net(tmp_path / "two.npz").meta
    assert (one["positions"], two["positions"]) == (20, 60)
    assert two["more_labels"] == [str(second)] and "more_labels" not in one
    # Measured on the same held-out chunk: the teacher's row (epoch 0) is the same in both.
    teacher_row = [(tmp_path / f"{n}.csv").read_text().splitlines()[1] for n in ("one", "two")]
    assert teacher_row[0] == teacher_row[1]
    meta = json.loads((second / "meta.json").read_text())
    (second / "meta.json").write_text(json.dumps({**meta, "depth": 2}))
    assert run("mixed", "--more-labels", str(second)) == 2  # one line: 1-ply and 2-ply mixed


def test_a_falling_rate_goes_from_lr_to_lr_end_and_resumes_to_the_same_weights(tmp_path) -> None:
    assert epoch_lr(0.001, None, 20, 20) == 0.001
    assert epoch_lr(0.001, 0.0001, 20, 1) == 0.001
    assert abs(epoch_lr(0.001, 0.0001, 20, 20) - 0.0001) < 1e-15
    assert abs(epoch_lr(0.001, 0.0001, 3, 2) - 0.001 * 0.1 ** 0.5) < 1e-15
    labels = tmp_path / "labels"
    generate(labels, seed=3, chunks=2, size=40, quiet=True)
    common = ["--labels", str(labels), "--holdout", "1", "--eval-pairs", "0", "--lr", "0.003",
              *TEACHER, "--csv", str(tmp_path / "c.csv"), "--png", str(tmp_path / "c.png")]
    falling = [*common, "--lr-end", "0.0003"]
    assert main([*falling, "--epochs", "3", "--out", str(tmp_path / "straight.npz")]) == 0
    assert main([*falling, "--epochs", "1", "--out", str(tmp_path / "stopped.npz")]) == 0
    assert main([*falling, "--epochs", "3", "--out", str(tmp_path / "stopped.npz"),
                 "--resume"]) == 0
    assert main([*common, "--epochs", "3", "--out", str(tmp_path / "constant.npz")]) == 0
    straight, stopped = load_net(tmp_path / "straight.npz"), load_net(tmp_path / "stopped.npz")
    assert np.array_equal(straight.W1, stopped.W1) and np.array_equal(straight.W2, stopped.W2)
    assert not np.array_equal(straight.W1, load_net(tmp_path / "constant.npz").W1)
    assert straight.meta["lr_end"] == 0.0003


def test_a_resume_on_another_schedule_is_refused(tmp_path, capsys) -> None:
    """A resume whose rates for the epochs already done, or whose batches, differ from the
    checkpoint's would end at weights neither run reaches: it is refused in one line."""
    labels = tmp_path / "labels"
    generate(labels, seed=3, chunks=2, size=40, quiet=True)
    common = ["--labels", str(labels), "--holdout", "1", "--eval-pairs", "0", "--lr", "0.003",
              *TEACHER, "--csv", str(tmp_path / "c.csv"), "--png", str(tmp_path / "c.png")]
    falling = [*common, "--out", str(tmp_path / "falling.npz"), "--lr-end", "0.0003"]
    assert main([*falling, "--epochs", "2"]) == 0
    capsys.readouterr()
    assert main([*falling, "--epochs", "4", "--resume"]) == 2  # its second epoch's rate differs
    assert main([*falling[:-2], "--epochs", "2", "--resume"]) == 2  # a constant rate
    assert main([*falling, "--epochs", "2", "--batch", "64", "--resume"]) == 2
    errors = capsys.readouterr().err.strip().splitlines()
    assert len(errors) == 3 and "rates" in errors[0] and "rates" in errors[1]
    assert "--batch" in errors[2] and "rates" not in errors[2]
    constant = [*common, "--out", str(tmp_path / "constant.npz")]
    assert main([*constant, "--epochs", "1"]) == 0
    assert main([*constant, "--epochs", "3", "--resume"]) == 0  # a constant rate goes on
    assert load_net(tmp_path / "constant.npz").meta["epochs"] == 3
