/**
 * Demo members: `demo` / `demo123` (普通会员 with points, favourites, clients, visit records,
 * messages with replies, unlocks, orders and a score log) and `vip` / `vip123` (VIP会员 valid for a
 * year from seeding, bought after months as a free member and a monthly pass, with a member area as
 * full as demo's). Balances in the score log add up to each member's score. Nothing is dated after
 * `now` except next-visit dates, and a client's next visit comes after its last one.
 */
import { addDays, DAY_MS, formatDate, formatDateTime, parseLocalDateTime, startOfDay } from '../clock';
import type { PasswordHasher } from '../modules/auth/passwords';
import { userNameKey } from '../modules/auth/user-name-key';
import type { Db } from '../db/connection';
import { SCORE_TYPES } from '../reference/dictionaries';
import type { Random } from './random';
import { GOODS, SITE_CONFIGS } from './site-content';
import { BRANDS, CONTRACTOR_SUFFIXES } from './vocabulary';
import { mobilePhone, personName } from './content-generator';

export const DEMO_MEMBERS = {
  demo: { userName: 'demo', password: 'demo123' },
  vip: { userName: 'vip', password: 'vip123' },
} as const;

const configNumber = (key: string) => Number(SITE_CONFIGS.find((c) => c.key === key)?.value ?? 0);

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomSecret = (rng: Random) => Array.from({ length: 16 }, () => rng.pick([...BASE62])).join('');

/** What a member writes about visits; demo and vip get different words, as two companies would. */
interface VisitWords {
  contents: readonly string[];
  results: readonly string[];
  nextSteps: readonly string[];
}

const DEMO_VISITS: VisitWords = {
  contents: [
    '电话沟通项目进展，对方表示施工招标预计下月启动。',
    '上门拜访项目负责人，介绍公司类似工程业绩，对方同意招标前提供计划安排。',
    '微信发送公司资质及业绩材料，等待对方反馈。',
    '参加项目对接会，与建设单位工程部现场交流合作意向。',
    '陪同技术负责人踏勘项目现场，了解地质和周边道路情况。',
  ],
  results: ['对方有合作意向', '需进一步跟进', '已提交初步报价', '对方暂无需求'],
  nextSteps: ['下周再次电话跟进', '准备投标资料', '安排技术交流', '关注招标公告发布'],
};

const VIP_VISITS: VisitWords = {
  contents: [
    '拜访建设单位基建处，了解可研批复进度和设计招标安排。',
    '电话联系项目经理，确认全过程咨询服务的需求范围。',
    '向对方发送同类医院项目的造价咨询案例，约定面谈时间。',
    '与业主技术负责人视频会议，讨论初步设计方案优化建议。',
  ],
  results: ['对方认可服务方案', '等待业主内部决策', '已报送咨询服务报价'],
  nextSteps: ['月底前提交服务建议书', '跟进可研评审结果', '约请分管领导面谈'],
};

/** A client a demo member follows up, with where it came from. */
interface DemoClient {
  name: string;
  type: 'xmk' | 'zb' | 'manual';
  id: number | null;
  title: string | null;
}

interface Ledger {
  balance: number;
  add(change: number, type: string, remark: string, time: Date): void;
}

export function seedDemoMembers(db: Db, rng: Random, now: Date, hasher: PasswordHasher): void {
  const registerGift = configNumber('cms.score.registerGift');
  const unlockCost = configNumber('cms.score.unlockCost');
  const insertMember = db.prepare(
    `INSERT INTO member (user_name, user_name_key, password_hash, nick_name, phonenumber, email, company, level,
       level_expire_time, score, subscribe_keywords, subscribe_regions, random_password, random_password_time,
       create_time, login_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
  );
  const insertLog = db.prepare('INSERT INTO score_log (member_id, type, change, balance, remark, create_time) VALUES (?, ?, ?, ?, ?, ?)');
  const setScore = db.prepare('UPDATE member SET score = ? WHERE id = ?');
  const ledgerOf = (memberId: number): Ledger => ({
    balance: 0,
    add(change, type, remark, time) {
      this.balance += change;
      insertLog.run(memberId, type, change, this.balance, remark, formatDateTime(time));
    },
  });
  const insertOrder = db.prepare(
    `INSERT INTO cms_order (order_no, member_id, goods_id, goods_name, goods_type, price_fen, status, create_time, confirm_time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const order = (memberId: number, goodsName: string, status: 'paid' | 'pending', time: Date) => {
    const goodsIndex = GOODS.findIndex((g) => g.name === goodsName);
    const goods = GOODS[goodsIndex]!;
    const orderNo = `SD${formatDateTime(time).replace(/\D/g, '')}${String(rng.int(0, 999_999)).padStart(6, '0')}`;
    insertOrder.run(
      orderNo,
      memberId,
      goodsIndex + 1,
      goods.name,
      goods.type,
      goods.priceFen,
      status,
      formatDateTime(time),
      status === 'paid' ? formatDateTime(addDays(time, 0.02)) : null,
    );
    return goods;
  };

  const insertFavorite = db.prepare(
    'INSERT OR IGNORE INTO favorite (member_id, type, data_id, is_cancel, create_time, update_time) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertClient = db.prepare(
    `INSERT OR IGNORE INTO visit_client (member_id, company_name, contact, phone, status, next_visit_date, remark,
       source_type, source_id, source_title, create_time, update_time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertRecord = db.prepare(
    `INSERT INTO visit_record (member_id, client_id, visit_time, way, content, result, next_step, create_time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const today = startOfDay(now);
  /** A time `fraction` of the way from `publishTime` (an item's publication) to now. */
  const between = (publishTime: string, fraction: number) => {
    const published = parseLocalDateTime(publishTime)!.getTime();
    return new Date(published + (now.getTime() - published) * fraction);
  };

  /**
   * Clients added 40, 35, 30… days ago, each with 1–4 visits spread between its creation and today
   * (on working hours, never today, so never after `now`); status cycles 待跟进/跟进中/已签约/已放弃,
   * and the open ones get a next visit after their last, two of them already due.
   */
  const seedClients = (memberId: number, clients: DemoClient[], words: VisitWords, firstRemark: string) => {
    clients.forEach((client, i) => {
      const created = addDays(now, -40 + i * 5);
      const visits = rng.int(1, 4);
      const days = Math.round((today.getTime() - startOfDay(created).getTime()) / DAY_MS);
      const visitTimes = Array.from({ length: visits }, (_, v) => {
        const day = addDays(startOfDay(created), Math.max(1, Math.floor((days * (v + 1)) / (visits + 1))));
        // 09:00–17:00, in quarter hours
        return new Date(day.getTime() + 9 * 3_600_000 + rng.int(0, 32) * 900_000);
      });
      const lastVisit = visitTimes.at(-1)!;
      const status = String(i % 4);
      const open = status === '0' || status === '1';
      // Two due (before today), the rest upcoming; never on or before the last visit's day.
      const planned = addDays(today, i - 2);
      const nextVisit = open ? formatDate(planned > lastVisit ? planned : addDays(startOfDay(lastVisit), 1)) : null;
      const result = insertClient.run(
        memberId,
        client.name,
        personName(rng),
        mobilePhone(rng),
        status,
        nextVisit,
        i === 0 ? firstRemark : '',
        client.type,
        client.id,
        client.title,
        formatDateTime(created),
        // Adding a record touches its client (visit/routes.ts), so the last visit is the last update.
        formatDateTime(lastVisit),
      );
      if (result.changes === 0) return;
      const clientId = Number(result.lastInsertRowid);
      for (const time of visitTimes) {
        const visitTime = formatDateTime(time);
        insertRecord.run(
          memberId,
          clientId,
          visitTime,
          String(rng.int(0, 3)),
          rng.pick(words.contents),
          rng.pick(words.results),
          rng.pick(words.nextSteps),
          visitTime,
        );
      }
    });
  };

  /**
   * Companies to follow up from items published at least 45 days ago (before the clients were
   * added): two projects' owners and a tender's tenderer, newest first from `offset`. Each item is
   * favourited the day after it was published, which is how the member found it.
   */
  const followedItems = (memberId: number, offset: number): DemoClient[] => {
    const cutoff = formatDateTime(addDays(now, -45));
    const projects = db
      .prepare<[string, number], { id: number; title: string; company: string; publishTime: string }>(
        `SELECT id, title, owner AS company, publish_time AS publishTime FROM xmk WHERE publish_time <= ?
         ORDER BY id DESC LIMIT 2 OFFSET ?`,
      )
      .all(cutoff, offset);
    const tenders = db
      .prepare<[string, number], { id: number; title: string; company: string; publishTime: string }>(
        `SELECT id, title, tenderer AS company, publish_time AS publishTime FROM zb WHERE publish_time <= ?
         ORDER BY id DESC LIMIT 1 OFFSET ?`,
      )
      .all(cutoff, offset);
    return [...projects.map((x) => ['xmk', x] as const), ...tenders.map((z) => ['zb', z] as const)].map(([type, item]) => {
      const time = formatDateTime(addDays(parseLocalDateTime(item.publishTime)!, 1));
      insertFavorite.run(memberId, type, item.id, 0, time, time);
      return { name: item.company, type, id: item.id, title: item.title };
    });
  };

  /** A demo member (in last yesterday) whose score log starts with the register gift and 500 points bought. */
  const addMember = (key: keyof typeof DEMO_MEMBERS, profile: (string | null)[], created: Date, pointsAgo: number) => {
    const { userName, password } = DEMO_MEMBERS[key];
    const lastLogin = formatDateTime(addDays(now, -1));
    const credentials = [userName, userNameKey(userName), hasher.hashBeforeServing(password)];
    const id = Number(
      insertMember.run(...credentials, ...profile, randomSecret(rng), lastLogin, formatDateTime(created), lastLogin).lastInsertRowid,
    );
    const ledger = ledgerOf(id);
    ledger.add(registerGift, SCORE_TYPES.register.value, '新用户注册赠送积分', created);
    const points = order(id, '500积分', 'paid', addDays(now, -pointsAgo));
    ledger.add(points.score, SCORE_TYPES.purchase.value, `购买${points.name}`, addDays(now, 0.02 - pointsAgo));
    return { id, ledger };
  };

  // demo: a free member who bought points and spent some on unlocks
  const demoPhone = mobilePhone(rng);
  const demoCompany = `山东${rng.pick(BRANDS)}建设集团有限公司`;
  const demoProfile = ['演示用户', demoPhone, 'demo@example.com', demoCompany, '0', null, '道路,学校,桥', '370100,370200'];
  const { id: demoId, ledger: demoLedger } = addMember('demo', demoProfile, addDays(now, -200), 150);
  order(demoId, '月度会员', 'pending', addDays(now, -1));

  const recentXmk = db
    .prepare<[number], { id: number; title: string; owner: string; publishTime: string }>(
      'SELECT id, title, owner, publish_time AS publishTime FROM xmk ORDER BY id DESC LIMIT ?',
    )
    .all(60);
  const recentZb = db
    .prepare<[number], { id: number; title: string; tenderer: string; publishTime: string }>(
      'SELECT id, title, tenderer, publish_time AS publishTime FROM zb ORDER BY id DESC LIMIT ?',
    )
    .all(60);
  if (recentXmk.length === 0 || recentZb.length === 0) {
    setScore.run(demoLedger.balance, demoId);
  } else {
    const unlock = db.prepare('INSERT INTO contact_unlock (member_id, type, data_id, create_time) VALUES (?, ?, ?, ?)');
    // Unlocked after publication, in publication order, so the score log's times rise with its ids.
    const unlocked = [...new Set([rng.pick(recentXmk), rng.pick(recentXmk), rng.pick(recentXmk)])].sort((a, b) =>
      a.publishTime.localeCompare(b.publishTime),
    );
    unlocked.forEach((item) => {
      const time = between(item.publishTime, 0.5);
      unlock.run(demoId, 'xmk', item.id, formatDateTime(time));
      demoLedger.add(-unlockCost, SCORE_TYPES.unlock.value, `查看联系方式：${item.title}`, time);
    });
    setScore.run(demoLedger.balance, demoId);

    const favoriteXmk = [...new Set(Array.from({ length: 7 }, () => rng.pick(recentXmk)))];
    const favoriteZb = [...new Set(Array.from({ length: 5 }, () => rng.pick(recentZb)))];
    favoriteXmk.forEach((item, i) => {
      const time = formatDateTime(between(item.publishTime, (i + 1) / 10));
      insertFavorite.run(demoId, 'xmk', item.id, i === 2 ? 1 : 0, time, time);
    });
    favoriteZb.forEach((item, i) => {
      const time = formatDateTime(between(item.publishTime, (i + 1) / 8));
      insertFavorite.run(demoId, 'zb', item.id, i === 1 ? 1 : 0, time, time);
    });

    // Clients: two projects' owners and a tender's tenderer, three typed in.
    const fromItems = followedItems(demoId, 0);
    const typedIn = Array.from({ length: 3 }, (): DemoClient => ({
      name: `山东${rng.pick(BRANDS)}${rng.pick(CONTRACTOR_SUFFIXES)}`,
      type: 'manual',
      id: null,
      title: null,
    }));
    seedClients(demoId, [...fromItems, ...typedIn], DEMO_VISITS, '重点客户，关注施工招标时间');
  }

  const insertMessage = db.prepare(
    `INSERT INTO message (member_id, name, phone, email, content, source, create_time, reply, reply_time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const messages: [memberId: number | null, source: string, content: string, reply: string | null][] = [
    [demoId, 'xmzx', '想咨询济南市道路改扩建项目的前期咨询服务，请联系我。', '您好，已安排项目咨询顾问与您联系，请保持电话畅通。'],
    [demoId, 'member', '积分充值后多久到账？', '您好，客服确认付款后积分立即到账，可在积分日志中查看。'],
    [demoId, 'support', '希望增加按投资额订阅招标信息的功能。', null],
    [null, 'zjzx', '我公司有一个厂房项目需要做造价咨询，请报价。', '您好，造价工程师将在一个工作日内与您联系。'],
    [null, 'gczx', '请问可以提供可行性研究报告编制服务吗？', null],
  ];
  messages.forEach(([memberId, source, content, reply], i) => {
    const created = addDays(now, -12 + i * 2);
    insertMessage.run(
      memberId,
      memberId === null ? personName(rng) : '演示用户',
      memberId === null ? mobilePhone(rng) : demoPhone,
      null,
      content,
      source,
      formatDateTime(created),
      reply,
      reply === null ? null : formatDateTime(addDays(created, 0.2)),
    );
  });

  // vip: four months a member — a free start, points, a monthly pass — then a yearly VIP bought
  // yesterday; favourites, clients with visits, a subscription and messages like a working account.
  const vipPhone = mobilePhone(rng);
  const vipCompany = `${rng.pick(BRANDS)}工程咨询有限公司`;
  const vipExpires = formatDateTime(addDays(now, -1 + 365));
  const vipProfile = [
    'VIP演示用户',
    vipPhone,
    'vip@example.com',
    vipCompany,
    '2',
    vipExpires,
    '医院,污水处理,产业园',
    '370300,370600,370700',
  ];
  const { id: vipId, ledger: vipLedger } = addMember('vip', vipProfile, addDays(now, -120), 110);
  order(vipId, '月度会员', 'paid', addDays(now, -90));
  order(vipId, 'VIP年度会员', 'paid', addDays(now, -1));

  // The newest few items stay untouched, so "not yet favourited" has examples for both members.
  const olderXmk = recentXmk.slice(5);
  const olderZb = recentZb.slice(5);
  if (olderXmk.length > 0 && olderZb.length > 0) {
    // Unlocks from the free months, on items published by then.
    const unlock = db.prepare('INSERT OR IGNORE INTO contact_unlock (member_id, type, data_id, create_time) VALUES (?, ?, ?, ?)');
    const unlockable = db
      .prepare<[string], { id: number; title: string }>('SELECT id, title FROM xmk WHERE publish_time <= ? ORDER BY id DESC LIMIT 2')
      .all(formatDateTime(addDays(now, -100)));
    unlockable.forEach((item, i) => {
      const time = addDays(now, -100 + i * 4);
      if (unlock.run(vipId, 'xmk', item.id, formatDateTime(time)).changes === 0) return;
      vipLedger.add(-unlockCost, SCORE_TYPES.unlock.value, `查看联系方式：${item.title}`, time);
    });

    const favoriteXmk = [...new Set(Array.from({ length: 6 }, () => rng.pick(olderXmk)))];
    const favoriteZb = [...new Set(Array.from({ length: 4 }, () => rng.pick(olderZb)))];
    [...favoriteXmk.map((item) => ['xmk', item] as const), ...favoriteZb.map((item) => ['zb', item] as const)].forEach(
      ([type, item], i) => {
        const time = formatDateTime(between(item.publishTime, (i + 1) / 12));
        insertFavorite.run(vipId, type, item.id, i === 3 ? 1 : 0, time, time);
      },
    );

    // Clients: as demo's, from other items and never one of demo's companies; two typed in.
    const demoClients = new Set(
      db
        .prepare<[number], { name: string }>('SELECT company_name AS name FROM visit_client WHERE member_id = ?')
        .all(demoId)
        .map((r) => r.name),
    );
    const vipClients = [
      ...followedItems(vipId, 3),
      ...['济南', '烟台'].map((city): DemoClient => ({
        name: `${city}${rng.pick(BRANDS)}置业有限公司`,
        type: 'manual',
        id: null,
        title: null,
      })),
    ].filter((c) => !demoClients.has(c.name));
    seedClients(vipId, vipClients, VIP_VISITS, '医院改扩建全过程咨询意向客户');
  }
  setScore.run(vipLedger.balance, vipId);

  const vipMessages: [source: string, content: string, reply: string | null][] = [
    ['zjzx', '我单位承接的医院门诊楼项目需要全过程造价咨询，请安排对接。', '您好，造价咨询部负责人将于今日与您联系。'],
    ['member', 'VIP 会员能否增加一个子账号供同事使用？', null],
  ];
  vipMessages.forEach(([source, content, reply], i) => {
    const created = addDays(now, -9 + i * 5);
    insertMessage.run(
      vipId,
      'VIP演示用户',
      vipPhone,
      'vip@example.com',
      content,
      source,
      formatDateTime(created),
      reply,
      reply === null ? null : formatDateTime(addDays(created, 0.2)),
    );
  });
}
